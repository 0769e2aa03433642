// `label render … --out x.png|x.jpg|x.zip` in Node, no browser (CHROMIUM_PATH points nowhere): the
// print assistant's raster path at the browser export's size and 300 dpi, every image format, codes
// that scan, the same picture as the browser's export, a file that appears only when complete.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import jpeg from "jpeg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngDpi } from "../../src/export/dpi";
import { decodePng, type Pixels } from "../../src/export/pdf/png";
import { serializeTprt, serializeTprts } from "../../src/model/file";
import { BUILD_TIMEOUT_MS, buildLabel, LABEL } from "../cli/support/builtLabel";
import { decode } from "../codes/support/zxing";
import { IMAGE_CASES, imageAt, imageLabel } from "./support/imageLabel";
import { benchLabel } from "./support/labels";

// the built `label` program, as npm run label runs it (tests/cli/support/builtLabel.ts)
beforeAll(buildLabel, BUILD_TIMEOUT_MS);

const dir = mkdtempSync(join(tmpdir(), "inkless-cli-raster-"));
const bench = join(dir, "bench.tprts");
writeFileSync(bench, serializeTprts(benchLabel(5)));
const images = join(dir, "images.tprt");
writeFileSync(images, serializeTprt(imageLabel()));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noBrowser = { CHROMIUM_PATH: join(dir, "no-such-chromium"), INKLESS_LANG: "en" };
const label = (...args: string[]) =>
  spawnSync(process.execPath, [LABEL, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...noBrowser },
  });

const png = (path: string): Pixels => decodePng(new Uint8Array(readFileSync(path))) as Pixels;
/** 300 dpi export: 3.78 px/mm × 3 */
const PX = 3.78 * 3;
const at = (p: Pixels, xMm: number, yMm: number) => {
  const i = (Math.round(yMm * PX) * p.width + Math.round(xMm * PX)) * 4;
  return [p.data[i], p.data[i + 1], p.data[i + 2]];
};

describe("CLI PNG / JPEG / ZIP without a browser", () => {
  it("PNG at 300 dpi (size and tag as the browser export), its codes scan", async () => {
    const out = join(dir, "rec2.png");
    const r = label("render", bench, "--out", out, "--records", "2");
    expect(r.status, r.stderr).toBe(0);
    const bytes = new Uint8Array(readFileSync(out));
    expect(pngDpi(bytes)).toBe(300);
    const p = png(out);
    // 100 × 80 mm at 300 px per inch, as tagged
    expect([p.width, p.height]).toEqual([1181, 945]);
    const [code] = await decode(p, { formats: ["Code128"] });
    expect(code?.text).toBe("INK-000002");
    const [qr] = await decode(p, { formats: ["QRCode"] });
    expect(qr?.text).toBe("QR-000002");
  }, 60_000);

  it("JPEG: JFIF at 300 dpi, readable pixels", async () => {
    const out = join(dir, "rec3.jpg");
    const r = label("render", bench, "--out", out, "--record", "3");
    expect(r.status, r.stderr).toBe(0);
    const bytes = new Uint8Array(readFileSync(out));
    expect([bytes[13], (bytes[14] << 8) | bytes[15]]).toEqual([1, 300]);
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
    expect([img.width, img.height]).toEqual([1181, 945]);
    const [code] = await decode(
      { data: new Uint8ClampedArray(img.data), width: img.width, height: img.height },
      { formats: ["Code128"] },
    );
    expect(code?.text).toBe("INK-000003");
  }, 60_000);

  it("ZIP: one PNG per record of --records, named after the label; --data is --sheet", async () => {
    const out = join(dir, "some.zip");
    const csv = join(dir, "rows.csv");
    writeFileSync(csv, "a\n1\n2\n3\n");
    const r = label("render", bench, "--out", out, "--records", "2-4", "--data", csv);
    expect(r.status, r.stderr).toBe(0);
    // stderr is a pipe here: no progress line
    expect(r.stderr).toBe("");
    const files = unzipSync(new Uint8Array(readFileSync(out)));
    expect(Object.keys(files)).toEqual(["Bench 标签_1.png", "Bench 标签_2.png", "Bench 标签_3.png"]);
    const codes = [];
    for (const f of Object.values(files))
      codes.push((await decode(decodePng(f) as Pixels, { formats: ["Code128"] }))[0]?.text);
    expect(codes).toEqual(["INK-000002", "INK-000003", "INK-000004"]);
    // several sheets cannot go into one .png; a range outside the records is refused
    const one = label("render", bench, "--out", join(dir, "x.png"));
    expect([one.status, one.stderr.trim()]).toEqual([1, "The output file name must end in .zip."]);
    const far = label("render", bench, "--out", join(dir, "x.zip"), "--records", "4-9");
    expect([far.status, far.stderr.trim()]).toEqual([
      1,
      "--records must be a record number or a range a-b within 1 to 5.",
    ]);
    expect(existsSync(join(dir, "x.png")) || existsSync(join(dir, "x.zip"))).toBe(false);
  }, 60_000);

  it("images of every format the editor takes, BLACKWHITE thresholded", () => {
    const out = join(dir, "images.png");
    const r = label("render", images, "--out", out);
    expect(r.status, r.stderr).toBe(0);
    const p = png(out);
    IMAGE_CASES.forEach((c, i) => {
      const o = imageAt(i);
      const name = `${c.file}${c.blackWhite ? " (BLACKWHITE)" : ""}`;
      const [tl, tr, bl, br] = [
        at(p, o.x + 3, o.y + 2),
        at(p, o.x + 9, o.y + 2),
        at(p, o.x + 3, o.y + 6),
        at(p, o.x + 9, o.y + 6),
      ];
      expect(Math.max(...tl), `${name} top left`).toBeLessThan(60);
      expect(Math.min(...bl), `${name} bottom left`).toBeGreaterThan(200);
      expect(Math.max(...br), `${name} bottom right`).toBeLessThan(60);
      if (c.redIsBlack) expect(Math.max(...tr), `${name} top right`).toBeLessThan(60);
      else {
        expect(tr[0], `${name} top right red`).toBeGreaterThan(150);
        expect(tr[1], `${name} top right red`).toBeLessThan(90);
      }
    });
  }, 60_000);

  it("Ctrl+C leaves no file under the final name, and no temporary file either", async () => {
    const big = join(dir, "big.tprts");
    writeFileSync(big, serializeTprts(benchLabel(400)));
    const out = join(dir, "stopped.zip");
    const child = spawn(process.execPath, [LABEL, "render", big, "--out", out], {
      env: { ...process.env, ...noBrowser },
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // stop it once images are being written (the temporary file has grown past a first image)
    const partOf = () => readdirSync(dir).find((f) => f.startsWith(".stopped.zip."));
    await expect
      .poll(
        () => {
          const f = partOf();
          return f ? readFileSync(join(dir, f)).length : 0;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBeGreaterThan(100_000);
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(existsSync(out)).toBe(false);
    expect(partOf()).toBeUndefined();
  }, 90_000);
});
