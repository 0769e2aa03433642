// Images of one PDF: each distinct data URI becomes one image XObject, however many pages draw it.
// JPEG goes in as is (DCTDecode); other formats are decoded to RGBA (the browser's decoder where
// there is one, in a worker too; our PNG decoder in Node) and written as Flate RGB + an alpha
// SMask. BLACKWHITE images are thresholded here per element, so a worker (no canvas) and Node
// print them as the editor shows them.
import { checkImage, jpegInfo } from "../../image/guard";
import { thresholdPixels } from "../../render/imageThreshold";
import { decodeEntities } from "../svg/tree";
import { decodePng, type Pixels } from "./png";
import type { PdfWriter } from "./writer";

/** RGBA of an image file; null when it cannot be decoded here. */
export type PixelDecoder = (bytes: Uint8Array, mime: string) => Promise<Pixels | null>;

interface Placed {
  readonly resource: string;
  readonly width: number;
  readonly height: number;
}

function base64Bytes(b64: string): Uint8Array {
  if (typeof atob === "function") {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  return new Uint8Array(Buffer.from(b64, "base64"));
}

export { jpegInfo };

/** The browser's decoder (window or worker): createImageBitmap + an OffscreenCanvas. */
export const browserDecoder: PixelDecoder = async (bytes, mime) => {
  if (typeof createImageBitmap === "undefined" || typeof OffscreenCanvas === "undefined") return null;
  try {
    const bmp = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext("2d") as OffscreenCanvasRenderingContext2D | null;
    if (!ctx) return null;
    ctx.drawImage(bmp, 0, 0);
    const d = ctx.getImageData(0, 0, bmp.width, bmp.height);
    return { width: d.width, height: d.height, data: d.data };
  } catch {
    return null;
  }
};

/** Node: PNG only (JPEG needs no decoding unless thresholded). */
export const nodeDecoder: PixelDecoder = async (bytes, mime) =>
  mime === "image/png" ? decodePng(bytes) : null;

export class PdfImages {
  private readonly placed = new Map<string, Placed | null>();
  private readonly ids: [string, number][] = [];

  constructor(
    private readonly writer: PdfWriter,
    private readonly decode: PixelDecoder,
  ) {}

  /**
   * Decodes and writes every image named in `svg` (one element's part) not seen before;
   * `threshold`: the element is BLACKWHITE at that threshold.
   */
  async prepare(svg: string, threshold?: number): Promise<void> {
    if (!svg.includes("<image")) return;
    for (const m of svg.matchAll(/<image\b[^>]*\bhref="([^"]*)"/g)) {
      const href = decodeEntities(m[1]);
      const key = `${threshold ?? ""}|${href}`;
      if (!this.placed.has(key)) this.placed.set(key, await this.write(href, threshold));
    }
  }

  private async write(href: string, threshold: number | undefined): Promise<Placed | null> {
    const m = /^data:(image\/[a-z+.-]+);base64,(.*)$/s.exec(href);
    if (!m) return null;
    const mime = m[1] === "image/jpg" ? "image/jpeg" : m[1];
    const bytes = base64Bytes(m[2]);
    // a picture over the pixel cap is refused (ImageTooLarge) before any decoder allocates for it
    checkImage(bytes);
    const resource = `Im${this.ids.length + 1}`;
    const jpeg = mime === "image/jpeg" ? jpegInfo(bytes) : null;
    let pixels: Pixels | null = null;
    if (!jpeg || threshold !== undefined) pixels = await this.decode(bytes, mime);
    let id: number;
    if (pixels) {
      if (threshold !== undefined) thresholdPixels(pixels.data, threshold);
      id = this.writePixels(pixels);
    } else if (jpeg && (jpeg.components === 1 || jpeg.components === 3 || jpeg.components === 4)) {
      const cs = jpeg.components === 1 ? "DeviceGray" : jpeg.components === 3 ? "DeviceRGB" : "DeviceCMYK";
      id = this.writer.stream(
        `/Type/XObject/Subtype/Image/Width ${jpeg.width}/Height ${jpeg.height}/ColorSpace/${cs}/BitsPerComponent 8/Filter/DCTDecode`,
        bytes,
        { compress: false },
      );
    } else return null;
    this.ids.push([resource, id]);
    const w = pixels?.width ?? jpeg?.width ?? 1;
    const h = pixels?.height ?? jpeg?.height ?? 1;
    return { resource, width: w, height: h };
  }

  private writePixels(p: Pixels): number {
    const n = p.width * p.height;
    const rgb = new Uint8Array(n * 3);
    const alpha = new Uint8Array(n);
    let transparent = false;
    for (let i = 0; i < n; i++) {
      rgb[i * 3] = p.data[i * 4];
      rgb[i * 3 + 1] = p.data[i * 4 + 1];
      rgb[i * 3 + 2] = p.data[i * 4 + 2];
      alpha[i] = p.data[i * 4 + 3];
      if (alpha[i] !== 255) transparent = true;
    }
    const size = `/Width ${p.width}/Height ${p.height}/BitsPerComponent 8`;
    const smask = transparent
      ? this.writer.stream(`/Type/XObject/Subtype/Image${size}/ColorSpace/DeviceGray`, alpha)
      : 0;
    return this.writer.stream(
      `/Type/XObject/Subtype/Image${size}/ColorSpace/DeviceRGB${smask ? `/SMask ${smask} 0 R` : ""}`,
      rgb,
    );
  }

  /** The image drawn for a data URI (after `prepare`), or null when it could not be decoded. */
  get(href: string, threshold?: number): Placed | null {
    return this.placed.get(`${threshold ?? ""}|${href}`) ?? null;
  }

  resources(): string {
    return this.ids.map(([r, id]) => `/${r} ${id} 0 R`).join("");
  }
}
