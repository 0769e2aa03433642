// The assistant as a cloud printing device: it long-polls the Inkless server with its serial and
// device key (from /api/device/bind), which shows it online (status 1); each hmPrintFile job arrives
// with its page images (PNG at 203 dpi), which are drawn at the printer's resolution, made 1-bit
// and sent to a configured network printer as TSPL or ZPL (or handed to a CUPS queue as they are),
// then the result is reported back. Each job carries the owner's printer settings (darkness, speed,
// media…, kept by the server), applied over the printer entry's own; each poll says the printer's
// language and live state (cloudStatus.ts). Registration and the settings file are in cloudSetup.ts.

import { PRINT_DPI } from "../model/constants";
import type { Bitmap } from "../print/bitmap";
import { dotsFor, mmOfDots } from "../print/dots";
import { pageEncoder } from "../print/encode";
import { initRaster, rasterSvg } from "../print/raster";
import { type PrinterSettings, printerSettingsOf } from "../print/settings";
import type { PrinterStatus } from "../print/status";
import { CloudQueue, isQueueJob } from "./cloudQueue";
import { networkStatus, printerReport, type StatusOf, watchStatus } from "./cloudStatus";
import type { NetworkPrinter } from "./config";
import { printPngPages } from "./cups";
import { request } from "./httpRequest";
import { sendRaw } from "./network";
import type { PrintService } from "./printing";

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
  /** the owner's printer settings for this device (checked again here: a bad value is not sent) */
  readonly settings?: unknown;
}

/** The printer entry's settings with the job's (the owner's, from the server) on top. */
export function cloudJobSettings(job: CloudJob, printer: NetworkPrinter): PrinterSettings {
  return { ...printer.settings, ...printerSettingsOf(job.settings, printer.language).settings };
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
  const widthMm = mmOfDots(size.width, PRINT_DPI);
  const heightMm = mmOfDots(size.height, PRINT_DPI);
  const w = dotsFor(widthMm, dpi);
  const h = dotsFor(heightMm, dpi);
  const scale = dpi / PRINT_DPI;
  const b64 = Buffer.from(png).toString("base64");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}">` +
    `<image x="0" y="0" width="${size.width * scale}" height="${size.height * scale}" ` +
    `xlink:href="data:image/png;base64,${b64}"/></svg>`;
  return { bitmap: rasterSvg(svg), widthMm, heightMm };
}

/** The job's printer bytes, one chunk per label (the first carries TSPL's header). */
export async function* cloudJobBytes(job: CloudJob, printer: NetworkPrinter): AsyncGenerator<Uint8Array> {
  await initRaster();
  const pngs = job.images.map((b) => new Uint8Array(Buffer.from(b, "base64")));
  const drawn = new Map<number, ReturnType<typeof imageBitmap>>();
  const target = { language: printer.language, dpi: printer.dpi, settings: cloudJobSettings(job, printer) };
  let encode: ((b: Bitmap) => Uint8Array) | null = null;
  for (const i of job.order) {
    const png = pngs[i];
    if (!png) throw new Error("job image missing");
    let page = drawn.get(i);
    if (!page) {
      page = imageBitmap(png, printer.dpi);
      drawn.set(i, page);
    }
    // the page size is known once the first picture is drawn
    encode ??= pageEncoder(target, 1, {
      width: mmOfDots(page.bitmap.width, printer.dpi),
      height: mmOfDots(page.bitmap.height, printer.dpi),
    });
    yield encode(page.bitmap);
  }
}

export interface CloudClient {
  /** resolves after the first successful poll as a bound device (the device is online) */
  readonly online: Promise<void>;
  close(): Promise<void>;
}

export interface CloudClientOptions {
  readonly log?: (line: string) => void;
  /** long-poll wait in ms (the server caps it at 25 s) */
  readonly wait?: number;
  /** CUPS queues, when the assistant prints to CUPS: a cloud printer may name one of them */
  readonly listCups?: () => Promise<string[]>;
  /** called when the server no longer knows the device (unbound): a new identity, or null to stop */
  readonly reregister?: () => Promise<{ sn: string; key: string } | null>;
  /** asks the cloud printer's state (default: a network printer over its raw port) */
  readonly status?: StatusOf;
  /** how often the state is asked between polls (ms) */
  readonly statusEvery?: number;
  /** the assistant's durable print queue: with it, the poll lists the network printers and the
   * print API's jobs for them are queued there (cloudQueue.ts) */
  readonly queue?: Pick<PrintService, "enqueue" | "queue">;
}

/** A call the server answered with a code other than 200. */
class ServerRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Prints one cloud job on the named printer: a network printer (TSPL/ZPL) or a CUPS queue. */
export async function printCloudJob(
  job: CloudJob,
  name: string,
  printers: readonly NetworkPrinter[],
  listCups?: () => Promise<string[]>,
): Promise<string> {
  const printer = printers.find((p) => p.name === name);
  if (printer) {
    const bytes = await sendRaw(printer.host, printer.port, cloudJobBytes(job, printer));
    return `${job.order.length} labels, ${bytes} bytes to ${printer.name}`;
  }
  const queues = listCups ? await listCups().catch(() => []) : [];
  if (!queues.includes(name)) throw new Error(`no printer named ${name}`);
  const pngs = job.images.map((b) => new Uint8Array(Buffer.from(b, "base64")));
  const first = pngs[job.order[0] ?? -1];
  const size = first ? pngSize(first) : null;
  if (!size) throw new Error("job image missing");
  // the pages are already 203 dpi images of the label: CUPS gets them as they are, in order
  const pages = await printPngPages(
    name,
    (async function* () {
      for (const i of job.order) {
        const png = pngs[i];
        if (!png || !pngSize(png)) throw new Error("job image missing");
        yield png;
      }
    })(),
    {
      widthMm: mmOfDots(size.width, PRINT_DPI),
      heightMm: mmOfDots(size.height, PRINT_DPI),
      copies: 1,
    },
  );
  return `${pages} labels to CUPS queue ${name}`;
}

/** Long-polls for jobs until closed; network errors back off from 1 s to 30 s. Each job is
 * acknowledged before it prints (a job the server re-queued meanwhile is left alone). */
export function startCloudClient(
  settings: CloudSettings,
  /** the network printers, or a function giving them as they are now (they change from the app) */
  printers: readonly NetworkPrinter[] | (() => readonly NetworkPrinter[]),
  opts: CloudClientOptions = {},
): CloudClient {
  const printersNow = () => (typeof printers === "function" ? printers() : printers);
  let s = settings;
  const log = opts.log ?? (() => undefined);
  const statusOf = opts.status ?? networkStatus(printersNow);
  /** the state the server last heard (reported again only when it changes between polls) */
  let sentStatus: PrinterStatus | null = null;
  let bound = false;
  const abort = new AbortController();
  let markOnline: () => void = () => undefined;
  const online = new Promise<void>((r) => {
    markOnline = r;
  });
  const call = async (path: string, body: Record<string, unknown>) => {
    const r = await request(`${s.server}/interface${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", language: "en" },
      body: JSON.stringify({ sn: s.sn, key: s.key, ...body }),
      signal: abort.signal,
      // a poll is held by the server up to `wait` ms before it answers
      idleMs: (opts.wait ?? 25_000) + 30_000,
    });
    const env = r.json() as { code: number; data: unknown; msg?: string };
    if (env.code !== 200) throw new ServerRefusal(env.code, `${path}: ${env.code} ${env.msg ?? ""}`);
    return env.data;
  };
  const pause = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(r, ms);
      abort.signal.addEventListener(
        "abort",
        () => {
          clearTimeout(t);
          r();
        },
        { once: true },
      );
    });

  const queue = opts.queue ? new CloudQueue(opts.queue, call, s.server, log) : null;

  const runJob = async (job: CloudJob) => {
    try {
      await call("/api/device/ack", { job_id: job.id });
    } catch (e) {
      if (e instanceof ServerRefusal) {
        log(`cloud job ${job.id} skipped: the server took it back`);
        return;
      }
      throw e; // unreachable: the server re-queues the job after its timeout
    }
    try {
      log(`cloud job ${job.id}: ${await printCloudJob(job, s.printer, printersNow(), opts.listCups)}`);
      await call("/api/device/report", { job_id: job.id, ok: true });
    } catch (e) {
      if (abort.signal.aborted) return;
      log(`cloud job ${job.id} failed: ${(e as Error).message}`);
      await call("/api/device/report", { job_id: job.id, ok: false, msg: String((e as Error).message) });
    }
  };

  const loop = (async () => {
    let backoff = 1000;
    let waitingSaid = false;
    while (!abort.signal.aborted) {
      try {
        // the labels the cloud printer is loaded with (its entry's size), so the app can warn
        const loaded = printersNow().find((p) => p.name === s.printer);
        const paper =
          loaded?.widthMm && loaded.heightMm
            ? { paper_width: loaded.widthMm, paper_height: loaded.heightMm }
            : {};
        const status = await statusOf(s.printer).catch(() => null);
        const data = (await call("/api/device/poll", {
          wait: opts.wait ?? 25_000,
          ...paper,
          ...printerReport(loaded, status),
          // the printers the print API may name (those of the durable queue)
          ...(queue ? { printers: printersNow().map((p) => p.name) } : {}),
        })) as CloudJob | { pending: true } | { cancel: unknown[] } | null;
        backoff = 1000;
        sentStatus = status;
        if (data && "pending" in data) {
          if (!waitingSaid) log(`cloud device ${s.sn} is waiting to be bound to an account`);
          waitingSaid = true;
          continue;
        }
        bound = true;
        markOnline();
        if (data && "cancel" in data) await queue?.cancel(Array.isArray(data.cancel) ? data.cancel : []);
        else if (isQueueJob(data)) {
          if (queue) await queue.take(data);
        } else if (data) await runJob(data);
        // what the queue's jobs did meanwhile (reports that could not be sent earlier)
        await queue?.flush();
      } catch (e) {
        if (abort.signal.aborted) break;
        if (e instanceof ServerRefusal && e.code === 401 && opts.reregister) {
          log(`cloud server no longer knows device ${s.sn}: registering again`);
          const next = await opts.reregister().catch(() => null);
          if (next) {
            s = { ...s, ...next };
            bound = false;
            waitingSaid = false;
            continue;
          }
        }
        log(`cloud server unreachable: ${(e as Error).message}`);
        await pause(backoff);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  })();

  // between polls, a change of state is reported at once (a bound device only: others get 401)
  const watching = watchStatus(
    () => s.printer,
    statusOf,
    () => sentStatus,
    async (status) => {
      if (!bound) return;
      const loaded = printersNow().find((p) => p.name === s.printer);
      await call("/api/device/status", printerReport(loaded, status));
      sentStatus = status;
    },
    abort.signal,
    opts.statusEvery,
  );

  return {
    online,
    async close() {
      abort.abort();
      await Promise.all([loop.catch(() => undefined), watching, queue?.close()]);
    },
  };
}
