// The assistant as a cloud printing device: it long-polls the Inkless server with its serial and
// device key (from /api/device/bind), which shows it online (status 1); each hmPrintFile job arrives
// with its page images (PNG at 203 dpi), which are drawn at the printer's resolution, made 1-bit
// and sent to a configured network printer as TSPL or ZPL, then the result is reported back.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Bitmap } from "../print/bitmap";
import { dotsFor } from "../print/dots";
import { initRaster, rasterSvg } from "../print/raster";
import { tsplHeader, tsplPage } from "../print/tspl";
import { zplPage } from "../print/zpl";
import type { NetworkPrinter } from "./config";
import { sendRaw } from "./network";

/** Resolution of cloud job images (application.md §9). */
export const CLOUD_IMAGE_DPI = 203;
const MM_PER_INCH = 25.4;

export interface CloudSettings {
  /** server origin, e.g. https://labels.example.com */
  readonly server: string;
  readonly sn: string;
  readonly key: string;
  /** name of the network printer (from the assistant's printers) that prints cloud jobs */
  readonly printer: string;
}

export interface CloudJob {
  readonly id: string;
  readonly print_type: string;
  readonly copies: number;
  readonly images: readonly string[];
  readonly order: readonly number[];
}

/** cloud settings from the config file's `cloud` object, overridden by INKLESS_CLOUD_* variables. */
export function cloudSettingsOf(raw: unknown, env: NodeJS.ProcessEnv = process.env): CloudSettings | null {
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const t = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const server = t(env.INKLESS_CLOUD_SERVER) || t(o.server);
  const sn = t(env.INKLESS_CLOUD_SN) || t(o.sn);
  const key = t(env.INKLESS_CLOUD_KEY) || t(o.key);
  const printer = t(env.INKLESS_CLOUD_PRINTER) || t(o.printer);
  if (!server || !sn || !key || !printer || !/^https?:\/\//.test(server)) return null;
  return { server: server.replace(/\/+$/, ""), sn, key, printer };
}

/** Cloud settings from the assistant's settings file (`cloud` object) and the environment. */
export function loadCloudSettings(env: NodeJS.ProcessEnv = process.env): CloudSettings | null {
  const file = env.INKLESS_ASSISTANT_CONFIG || join(homedir(), ".inkless-assistant.json");
  let raw: unknown = null;
  try {
    raw = (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)?.cloud;
  } catch {
    raw = null;
  }
  return cloudSettingsOf(raw, env);
}

/** Width and height of a PNG from its IHDR chunk, or null when it is not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || sig.some((b, i) => png[i] !== b)) return null;
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = v.getUint32(16);
  const height = v.getUint32(20);
  return width > 0 && height > 0 && width <= 20_000 && height <= 20_000 ? { width, height } : null;
}

/** One job image (PNG at 203 dpi) → 1-bit bitmap at `dpi`, each side a multiple of 8 dots. */
export function imageBitmap(
  png: Uint8Array,
  dpi: number,
): { bitmap: Bitmap; widthMm: number; heightMm: number } {
  const size = pngSize(png);
  if (!size) throw new Error("not a PNG image");
  const widthMm = (size.width / CLOUD_IMAGE_DPI) * MM_PER_INCH;
  const heightMm = (size.height / CLOUD_IMAGE_DPI) * MM_PER_INCH;
  const w = dotsFor(widthMm, dpi);
  const h = dotsFor(heightMm, dpi);
  const scale = dpi / CLOUD_IMAGE_DPI;
  const b64 = Buffer.from(png).toString("base64");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}">` +
    `<image x="0" y="0" width="${size.width * scale}" height="${size.height * scale}" ` +
    `xlink:href="data:image/png;base64,${b64}"/></svg>`;
  return { bitmap: rasterSvg(svg), widthMm, heightMm };
}

/** The job's printer bytes, one chunk per label (TSPL: the SIZE/GAP header first). */
export async function* cloudJobBytes(job: CloudJob, printer: NetworkPrinter): AsyncGenerator<Uint8Array> {
  await initRaster();
  const pngs = job.images.map((b) => new Uint8Array(Buffer.from(b, "base64")));
  const drawn = new Map<number, ReturnType<typeof imageBitmap>>();
  let headerSent = false;
  for (const i of job.order) {
    const png = pngs[i];
    if (!png) throw new Error("job image missing");
    let page = drawn.get(i);
    if (!page) {
      page = imageBitmap(png, printer.dpi);
      drawn.set(i, page);
    }
    if (printer.language === "ZPL") yield zplPage(page.bitmap, 1);
    else {
      if (!headerSent) {
        headerSent = true;
        yield tsplHeader({
          width: (page.bitmap.width / printer.dpi) * MM_PER_INCH,
          height: (page.bitmap.height / printer.dpi) * MM_PER_INCH,
          gap: printer.gap,
        });
      }
      yield tsplPage(page.bitmap, 1);
    }
  }
}

export interface CloudClient {
  /** resolves after the first successful poll (the device is online) */
  readonly online: Promise<void>;
  close(): Promise<void>;
}

/** Long-polls for jobs until closed; network errors back off from 1 s to 30 s. */
export function startCloudClient(
  s: CloudSettings,
  printers: readonly NetworkPrinter[],
  opts: { log?: (line: string) => void; wait?: number } = {},
): CloudClient {
  const log = opts.log ?? (() => undefined);
  const abort = new AbortController();
  let markOnline: () => void = () => undefined;
  const online = new Promise<void>((r) => {
    markOnline = r;
  });
  const call = async (path: string, body: Record<string, unknown>) => {
    const r = await fetch(`${s.server}/interface${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", language: "en" },
      body: JSON.stringify({ sn: s.sn, key: s.key, ...body }),
      signal: abort.signal,
    });
    const env = (await r.json()) as { code: number; data: unknown; msg?: string };
    if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.msg ?? ""}`);
    return env.data;
  };
  const pause = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(r, ms);
      abort.signal.addEventListener("abort", () => (clearTimeout(t), r()), { once: true });
    });

  const loop = (async () => {
    let backoff = 1000;
    while (!abort.signal.aborted) {
      try {
        const job = (await call("/api/device/poll", { wait: opts.wait ?? 25_000 })) as CloudJob | null;
        markOnline();
        backoff = 1000;
        if (!job) continue;
        const printer = printers.find((p) => p.name === s.printer);
        try {
          if (!printer) throw new Error(`no printer named ${s.printer}`);
          const bytes = await sendRaw(printer.host, printer.port, cloudJobBytes(job, printer));
          log(`cloud job ${job.id}: ${job.order.length} labels, ${bytes} bytes to ${printer.name}`);
          await call("/api/device/report", { job_id: job.id, ok: true });
        } catch (e) {
          if (abort.signal.aborted) break;
          log(`cloud job ${job.id} failed: ${(e as Error).message}`);
          await call("/api/device/report", { job_id: job.id, ok: false, msg: String((e as Error).message) });
        }
      } catch (e) {
        if (abort.signal.aborted) break;
        log(`cloud server unreachable: ${(e as Error).message}`);
        await pause(backoff);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  })();

  return {
    online,
    async close() {
      abort.abort();
      await loop.catch(() => undefined);
    },
  };
}
