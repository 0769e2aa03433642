// QR centre image (spec §9: 30 % of the shorter side): the encoder leaves a centred square of whole
// modules light with error correction H and version ≥ 2, the renderer draws the picture over it, and
// the printed label still scans: rendered through the print path (resvg at 203 and 300 dpi, 1-bit
// threshold) and read back by zxing-wasm with real PNG pictures, a solid black one included.
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeCode } from "../../src/codes";
import { centreHoleSize } from "../../src/codes/matrix/centreHole";
import { parseLabelFile, serializeTprt } from "../../src/model/file";
import { codeRequest } from "../../src/model/kinds/codeRequest";
import { centreImageHref } from "../../src/model/kinds/qrcode";
import type { QRCodeElement } from "../../src/model/types";
import { type Bitmap, dotAt } from "../../src/print/bitmap";
import { initRaster, rasterPage } from "../../src/print/raster";
import { getFontRegistry, prepareRender, renderLabel } from "../../src/render";
import { qrLabel } from "./support/labels";
import { BLACK_LOGO, DISK_LOGO, NOISE_LOGO } from "./support/logos";
import { decode } from "./support/zxing";

beforeAll(async () => {
  await initRaster();
});

function rgba(b: Bitmap) {
  const data = new Uint8ClampedArray(b.width * b.height * 4);
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++) {
      const i = (y * b.width + x) * 4;
      const v = dotAt(b, x, y) ? 0 : 255;
      data[i] = data[i + 1] = data[i + 2] = v;
      data[i + 3] = 255;
    }
  return { data, width: b.width, height: b.height };
}

const DATA = [
  "1",
  "https://example.com",
  "INKLESS-0001-CENTRE-IMAGE-TEST",
  "Inkless ü 中文 — a longer centre-image payload that needs a larger version: 0123456789",
  "x".repeat(300),
];

describe("QR centre image, printed", () => {
  for (const dpi of [203, 300]) {
    it.each([
      ["black", BLACK_LOGO],
      ["disk", DISK_LOGO],
      ["noise", NOISE_LOGO],
    ])(`scans at ${dpi} dpi with the %s picture`, async (_name, logo) => {
      for (const data of DATA) {
        const doc = qrLabel(1, data, { CenterImage: logo, ErrorCorrectionLevel: "L", Width: 30, Height: 30 });
        await prepareRender(doc, { target: "print", dpi });
        const svg = renderLabel(doc, { target: "print", dpi });
        expect(svg).toContain("<image");
        const bitmap = rasterPage(doc, [0], () => new Map(), { dpi, fonts: getFontRegistry() });
        const [r] = await decode(rgba(bitmap), { formats: ["QRCode"] });
        expect(r?.text, `${data.slice(0, 20)} at ${dpi} dpi`).toBe(data);
      }
    });
  }

  it("scans on every version from 2 to 25 with the solid black picture (203 dpi)", async () => {
    const seen = new Set<number>();
    for (let len = 1; len <= 600; len += 7) {
      const data = Array.from({ length: len }, (_, i) => "Inkless-centre/"[i % 15]).join("");
      const code = encodeCode({ kind: "qrcode", type: 1, data, centreHole: true });
      const version = (code.cols - 17) / 4;
      if (version > 25 || seen.has(version)) continue;
      seen.add(version);
      const doc = qrLabel(1, data, { CenterImage: BLACK_LOGO, Width: 40, Height: 40 });
      const bitmap = rasterPage(doc, [0], () => new Map(), { dpi: 203, fonts: getFontRegistry() });
      const [r] = await decode(rgba(bitmap), { formats: ["QRCode"] });
      expect(r?.text, `version ${version}`).toBe(data);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 2));
  });

  it("covers about 30 % of the symbol, in the middle, on the module grid", () => {
    const doc = qrLabel(1, "https://example.com", { CenterImage: DISK_LOGO, Width: 30, Height: 30 });
    const svg = renderLabel(doc, { target: "print", dpi: 203 });
    const img = /<image x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(svg);
    expect(img).not.toBeNull();
    const [x, y, w, h] = (img ?? []).slice(1).map(Number);
    const req = codeRequest(doc.elements[0] as QRCodeElement, "https://example.com");
    if (req.kind !== "qrcode") throw new Error("not a 2D request");
    const code = encodeCode(req);
    const side = code.cols;
    const module = 30 / side; // the box is square and the code fills it
    expect(w).toBeCloseTo(h, 6);
    expect(w / (side * module)).toBeGreaterThan(0.24);
    expect(w / (side * module)).toBeLessThan(0.36);
    // centred in the box (within one printer dot)
    expect(Math.abs(x + w / 2 - 15)).toBeLessThan(0.13);
    expect(Math.abs(y + h / 2 - 15)).toBeLessThan(0.13);
  });
});

describe("QR centre hole", () => {
  it("uses error correction H and version 2 at least, whatever the element says", () => {
    const withImage = encodeCode({ kind: "qrcode", type: 1, data: "1", ecLevel: "L", centreHole: true });
    expect(withImage.cols).toBe(25);
    const same = QRCode.create("1", { errorCorrectionLevel: "H", version: 2 });
    // the modules outside the hole are those of the H symbol (same mask choice aside: compare sizes)
    expect(same.modules.size).toBe(withImage.cols);
    const plain = encodeCode({ kind: "qrcode", type: 1, data: "1", ecLevel: "L" });
    expect(plain.cols).toBe(21);
    expect(plain.hole).toBeUndefined();
  });

  it("is an odd square near 30 % of the side", () => {
    expect(centreHoleSize(25)).toBe(7);
    expect(centreHoleSize(29)).toBe(9);
    expect(centreHoleSize(57)).toBe(17);
    expect(centreHoleSize(177)).toBe(53);
    for (let v = 2; v <= 40; v++) {
      const n = 17 + 4 * v;
      const k = centreHoleSize(n);
      expect(k % 2).toBe(1);
      expect(Math.abs(k / n - 0.3)).toBeLessThan(1.2 / n);
    }
  });

  it("is light and never covers finder, separator, timing or format modules (versions 2–40)", () => {
    for (let v = 2; v <= 40; v++) {
      const q = QRCode.create("1", { errorCorrectionLevel: "H", version: v });
      const n = q.modules.size;
      const k = centreHoleSize(n);
      const start = (n - k) / 2;
      // finders + separators + format information take rows/cols 0–8 and n−8…n−1; timing row/col 6
      expect(start).toBeGreaterThan(8);
      expect(start + k).toBeLessThanOrEqual(n - 9);
    }
    const code = encodeCode({ kind: "qrcode", type: 1, data: "HOLE", centreHole: true });
    const hole = code.hole;
    expect(hole).toBeDefined();
    if (!hole) return;
    for (let r = hole.y; r < hole.y + hole.size; r++)
      for (let c = hole.x; c < hole.x + hole.size; c++) expect(code.bits[r * code.cols + c]).toBe(0);
  });

  it("is only for QR codes with a safe embedded picture", () => {
    const el = qrLabel(1, "x").elements[0] as QRCodeElement;
    expect(centreImageHref({ ...el, CenterImage: DISK_LOGO })).toBe(DISK_LOGO);
    expect(centreImageHref({ ...el, CenterImage: "" })).toBeNull();
    expect(centreImageHref({ ...el, CenterImage: "javascript:alert(1)" })).toBeNull();
    expect(centreImageHref({ ...el, CenterImage: 'data:image/png;base64,AA"/><script>' })).toBeNull();
    expect(centreImageHref({ ...el, CenterImage: "https://evil.example/x.png" })).toBeNull();
    expect(centreImageHref({ ...el, QrCodeType: 3, CenterImage: DISK_LOGO })).toBeNull();
    expect(codeRequest({ ...el, QrCodeType: 3, CenterImage: DISK_LOGO }, "x")).not.toHaveProperty(
      "centreHole",
    );
    // a Data Matrix with a picture set ignores it
    const dm = qrLabel(3, "DM", { CenterImage: DISK_LOGO });
    expect(renderLabel(dm)).not.toContain("<image");
  });
});

describe("QR centre image in the label file", () => {
  it("is saved and loaded, and absent from files without one", () => {
    const doc = qrLabel(1, "file", { CenterImage: DISK_LOGO });
    const xml = serializeTprt(doc);
    expect(xml).toContain("<CenterImage>");
    const back = parseLabelFile(xml);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect((back.doc.elements[0] as QRCodeElement).CenterImage).toBe(DISK_LOGO);
    const plain = serializeTprt(qrLabel(1, "file"));
    expect(plain).not.toContain("CenterImage");
    const again = parseLabelFile(plain);
    expect(again.ok && (again.doc.elements[0] as QRCodeElement).CenterImage).toBeUndefined();
  });

  it("keeps only embedded base64 pictures from a file", () => {
    const xml = serializeTprt(qrLabel(1, "file", { CenterImage: DISK_LOGO }));
    for (const bad of ["javascript:alert(1)", "https://evil.example/x.png", "<script>x</script>"]) {
      const hostile = xml.replace(
        /<CenterImage>[^<]*<\/CenterImage>/,
        `<CenterImage>${bad.replace(/</g, "&lt;")}</CenterImage>`,
      );
      const r = parseLabelFile(hostile);
      expect(r.ok).toBe(true);
      if (r.ok) expect((r.doc.elements[0] as QRCodeElement).CenterImage ?? "").toBe("");
    }
  });
});
