// The real export modules in headless Chromium: PDFs are read back with poppler (pdftotext,
// pdfinfo, pdffonts, pdftoppm) and the codes in the PDF pages and in the PNG/JPEG exports must
// decode with zxing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngDpi } from "../../src/export/dpi";
import { createDataSource } from "../../src/model/defaults";
import { decode } from "../codes/support/zxing";
import { kitchenSink } from "../render/fixtures";
import { type ExportPage, openExportPage, pixelsOf } from "./support/browser";
import { benchLabel } from "./support/labels";

let ui: ExportPage;
let dir: string;

beforeAll(async () => {
  ui = await openExportPage();
  dir = mkdtempSync(join(tmpdir(), "inkless-export-"));
}, 120_000);
afterAll(async () => {
  await ui?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8" });

function savePdf(name: string, bytes: Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

/** Page `n` of a PDF rendered by poppler at `dpi`, as PNG bytes. */
function pagePng(pdf: string, n: number, dpi = 300): Uint8Array {
  const out = join(dir, `page-${n}-${Date.now()}`);
  run("pdftoppm", ["-png", "-r", String(dpi), "-f", String(n), "-l", String(n), "-singlefile", pdf, out]);
  return new Uint8Array(readFileSync(`${out}.png`));
}

async function codesIn(png: Uint8Array, type = "image/png"): Promise<{ code128?: string; qr?: string }> {
  // decoded by the browser (as a user's image viewer would), read by zxing
  const img = await pixelsOf(ui.page, png, type);
  const [c] = await decode(img, { formats: ["Code128"] });
  const [q] = await decode(img, { formats: ["QRCode"] });
  return { code128: c?.text, qr: q?.text };
}

describe("PDF export", () => {
  it("one label on A4: real selectable text (CJK included), embedded fonts, codes decode", async () => {
    const r = await ui.run("pdf", benchLabel(1));
    expect(r.fileName).toBe("Bench 标签.pdf");
    expect(r.count).toBe(1);
    const pdf = savePdf("one.pdf", r.bytes);
    const info = run("pdfinfo", [pdf]);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+595\.27\d? x 841\.8\d/);
    const text = run("pdftotext", [pdf, "-"]);
    expect(text).toContain("INK-000001");
    expect(text).toContain("名称 Inkless 标签");
    const fonts = run("pdffonts", [pdf]);
    expect(fonts).toMatch(/Noto Sans SC\s+CID TrueType\s+Identity-H\s+yes/);
    // subset: the 10 MB CJK font does not travel whole
    expect(r.bytes.length).toBeLessThan(200_000);
    expect(await codesIn(pagePng(pdf, 1))).toEqual({ code128: "INK-000001", qr: "QR-000001" });
    // the first PDF of the file pays the browser page's warm-up (fonts, encoders): a loaded machine needs more than 30 s
  }, 120_000);

  it("label-size pages: the page is the label", async () => {
    const r = await ui.run("pdf", benchLabel(1), { pageMode: "label" });
    const pdf = savePdf("label.pdf", r.bytes);
    expect(run("pdfinfo", [pdf])).toMatch(/Page size:\s+283\.46\d? x 226\.77\d?/);
  });

  it("a 50-record batch: one page per record, in order, each page's codes decode", async () => {
    const progress: number[] = [];
    await ui.page.exposeFunction("__exportProgress", (d: number) => progress.push(d)).catch(() => undefined);
    const r = await ui.run("pdf", benchLabel(50), { pageMode: "label" });
    expect(r.count).toBe(50);
    const pdf = savePdf("batch.pdf", r.bytes);
    expect(run("pdfinfo", [pdf])).toMatch(/Pages:\s+50\n/);
    for (const n of [1, 27, 50]) {
      const id = String(n).padStart(6, "0");
      expect(run("pdftotext", ["-f", String(n), "-l", String(n), pdf, "-"])).toContain(`INK-${id}`);
      expect(await codesIn(pagePng(pdf, n, 200))).toEqual({ code128: `INK-${id}`, qr: `QR-${id}` });
    }
  });

  it("multi-label sheets: rows × columns records per page, a record range", async () => {
    const doc = benchLabel(10, { columns: 2, rows: 2, columnSpacing: 3, rowSpacing: 3, paddingLeft: 2 });
    const r = await ui.run("pdf", doc, { range: { from: 2, to: 8 } });
    const pdf = savePdf("sheets.pdf", r.bytes);
    expect(run("pdfinfo", [pdf])).toMatch(/Pages:\s+2\n/);
    const p1 = run("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]);
    for (const n of [3, 4, 5, 6]) expect(p1).toContain(`INK-00000${n}`);
    expect(p1).not.toContain("INK-000002");
    const p2 = run("pdftotext", ["-f", "2", "-l", "2", pdf, "-"]);
    expect(p2).toContain("INK-000009");
    expect(p2).not.toContain("INK-000010");
  });

  it("a batch runs in a Web Worker: progress with an estimate, the same PDF as in the page", async () => {
    const r = (await ui.page.evaluate(`(async (doc) => {
      let made = 0;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (m, t) { if (m && m.type === "pdf") made++; return post.call(this, m, t); };
      const api = globalThis.inklessExport;
      const seen = [];
      const now = new Date(Date.UTC(2026, 10, 22, 9, 30));
      const a = await api.exportPdf(doc, { pageMode: "label", now, onProgress: (d, t, e) => seen.push([d, t, e ? e.remainingMs : -1]) });
      const b = await api.exportPdfHere(doc, { pageMode: "label", now });
      Worker.prototype.postMessage = post;
      const bytes = async (blob) => new Uint8Array(await blob.arrayBuffer()).join(",");
      return { made, seen, count: a.count, same: (await bytes(a.blob)) === (await bytes(b.blob)) };
    })(${JSON.stringify(benchLabel(120))})`)) as {
      made: number;
      seen: number[][];
      count: number;
      same: boolean;
    };
    expect(r.made).toBe(1); // the first export went to the worker, the second did not
    expect(r.count).toBe(120);
    expect(r.same).toBe(true);
    expect(r.seen.length).toBeGreaterThan(0);
    expect(r.seen[r.seen.length - 1]).toEqual([120, 120, 0]);
    expect(r.seen.every(([d, t, rem]) => d <= t && rem >= 0)).toBe(true);
  });

  // Cancel is tested at the latest moment it can come, with no race against the batch: the worker
  // reports its last page and is about to send the finished file; the export must still reject.
  it("cancel stops a batch with an AbortError, even at its last page; nothing is reported after it", async () => {
    const r = await ui.page.evaluate(async (doc) => {
      const api = (
        globalThis as never as { inklessExport: { exportPdf: (...a: unknown[]) => Promise<unknown> } }
      ).inklessExport;
      const ctrl = new AbortController();
      let after = 0;
      const onProgress = (d: number, t: number) => {
        if (ctrl.signal.aborted) after++;
        else if (d === t) ctrl.abort();
      };
      let outcome: string;
      try {
        await api.exportPdf(doc, { onProgress, signal: ctrl.signal, worker: true });
        outcome = "finished";
      } catch (e) {
        outcome = (e as Error).name;
      }
      // the worker is still usable: the next export runs to its end
      const next = (await api.exportPdf(doc, { worker: true })) as { count: number };
      return { outcome, after, aborted: ctrl.signal.aborted, nextCount: next.count };
    }, benchLabel(20) as never);
    expect(r).toEqual({ outcome: "AbortError", after: 0, aborted: true, nextCount: 20 });
  });

  it("cancel in the page stops between pages: no page is made after it", async () => {
    const r = await ui.page.evaluate(async (doc) => {
      const api = (
        globalThis as never as { inklessExport: { exportPdfHere: (...a: unknown[]) => Promise<unknown> } }
      ).inklessExport;
      const ctrl = new AbortController();
      const seen: number[] = [];
      const onProgress = (d: number) => {
        seen.push(d);
        if (d === 3) ctrl.abort();
      };
      try {
        await api.exportPdfHere(doc, { onProgress, signal: ctrl.signal });
        return { outcome: "finished", seen };
      } catch (e) {
        return { outcome: (e as Error).name, seen };
      }
    }, benchLabel(200) as never);
    expect(r).toEqual({ outcome: "AbortError", seen: [1, 2, 3] });
  });
});

describe("image export", () => {
  it("PNG at 300 px per inch, tagged 300 dpi, codes decode", async () => {
    const r = await ui.run("png", benchLabel(1));
    expect(r.fileName).toBe("Bench 标签.png");
    expect(r.type).toBe("image/png");
    const view = new DataView(r.bytes.buffer, r.bytes.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1181, 945]);
    expect(pngDpi(r.bytes)).toBe(300);
    expect(await codesIn(r.bytes)).toEqual({ code128: "INK-000001", qr: "QR-000001" });
  });

  it("JPEG with 300 dpi JFIF density; codes decode", async () => {
    const r = await ui.run("jpeg", benchLabel(1));
    expect(r.fileName).toBe("Bench 标签.jpg");
    expect([r.bytes[0], r.bytes[1]]).toEqual([0xff, 0xd8]);
    expect([r.bytes[13], (r.bytes[14] << 8) | r.bytes[15]]).toEqual([1, 300]);
    expect(await codesIn(r.bytes, "image/jpeg")).toEqual({ code128: "INK-000001", qr: "QR-000001" });
  });

  it("images are drawn in the worker (OffscreenCanvas) like the page's canvg path, every kind", async () => {
    const sink = kitchenSink();
    const doc = {
      ...sink,
      elements: sink.elements
        .filter((e) => e.Type !== "TimeText")
        .map((e) =>
          e.Type === "Text"
            ? { ...e, DataSourceList: [createDataSource({ FirstValue: e.Data, NormalText: e.Data })] }
            : e,
        ),
    };
    const r = (await ui.page.evaluate(`(async (doc) => {
      let jobs = 0;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (m, t) { if (m && m.type === "images") jobs++; return post.call(this, m, t); };
      const api = globalThis.inklessExport;
      const a = await api.exportImages(doc, { format: "png", worker: true });
      const b = await api.exportImagesInPage(doc, { format: "png" });
      Worker.prototype.postMessage = post;
      const px = async (blob) => {
        const bmp = await createImageBitmap(blob);
        const c = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = c.getContext("2d");
        ctx.drawImage(bmp, 0, 0);
        return ctx.getImageData(0, 0, bmp.width, bmp.height);
      };
      const [pa, pb] = [await px(a.blob), await px(b.blob)];
      const dark = (p, x, y) => { const i = (y * p.width + x) * 4; return p.data[i] + p.data[i + 1] + p.data[i + 2] < 384; };
      // share of one drawing's dark pixels with no dark pixel of the other within 2 px
      const miss = (p, q) => {
        let ink = 0, off = 0;
        for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) {
          if (!dark(p, x, y)) continue;
          ink++;
          let found = false;
          for (let dy = -2; dy <= 2 && !found; dy++) for (let dx = -2; dx <= 2 && !found; dx++) {
            const xx = x + dx, yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < q.width && yy < q.height && dark(q, xx, yy)) found = true;
          }
          if (!found) off++;
        }
        return { ink, share: off / Math.max(1, ink) };
      };
      return { jobs, size: [pa.width, pa.height, pb.width, pb.height], ab: miss(pa, pb), ba: miss(pb, pa) };
    })(${JSON.stringify(doc)})`)) as {
      jobs: number;
      size: number[];
      ab: { ink: number; share: number };
      ba: { ink: number; share: number };
    };
    expect(r.jobs).toBe(1);
    expect(r.size).toEqual([1181, 945, 1181, 945]);
    expect(r.ab.ink).toBeGreaterThan(20_000);
    expect(r.ab.share).toBeLessThan(0.005);
    expect(r.ba.share).toBeLessThan(0.005);
  });

  it("several sheets are zipped as name_n.ext", async () => {
    const r = await ui.run("png", benchLabel(3));
    expect(r.fileName).toBe("Bench 标签.zip");
    const files = unzipSync(r.bytes);
    expect(Object.keys(files).sort()).toEqual(["Bench 标签_1.png", "Bench 标签_2.png", "Bench 标签_3.png"]);
    expect((await codesIn(files["Bench 标签_3.png"])).code128).toBe("INK-000003");
  });
});
