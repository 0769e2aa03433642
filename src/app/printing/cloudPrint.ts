// Cloud printing from the print dialog (application.md §4, §7 calls 18–20, §9): the user's bound
// devices with their status, and a job as 203 dpi PNG pages (sides rounded up to multiples of 8
// dots, minus 1 for device type 2) uploaded through the token flow, then hmPrintFile. The request
// client and the page drawing are injected, so every branch is unit-tested with fakes.
import type { PrintDevice } from "../../../machines/printDialog.machine";
import { PRINT_DPI } from "../../model/constants";
import { listCloudDevices } from "../../print/cloudDevices";
import { dotsFor } from "../../print/dots";
import { UPLOAD_BUCKET, uploadFile, uploadKey } from "../api/cloudSave";
import type { ApiClient } from "../api/core";
import { asText } from "../api/read";

const DIST = "/api/tem.distInterface/distData";

/** Image size in dots for a page of w × h mm on a device of `type` (§9). */
export function cloudImageSize(
  widthMm: number,
  heightMm: number,
  type: number,
): { width: number; height: number } {
  const dots = (mm: number) => {
    const up = dotsFor(mm, PRINT_DPI);
    return type === 2 ? up - 1 : up;
  };
  return { width: dots(widthMm), height: dots(heightMm) };
}

/** CNY for device type 2, ESC otherwise. */
export const printTypeOf = (type: number | undefined) => (type === 2 ? "CNY" : "ESC");

/** Each page URL repeated per copy, in print order (page 1 × copies, page 2 × copies, …). */
export function cloudFiles(urls: readonly string[], copies: number): string[] {
  const n = Math.max(1, Math.floor(copies) || 1);
  return urls.flatMap((u) => Array.from({ length: n }, () => u));
}

/** The user's devices with status and type, as the print dialog lists them. */
export async function loadCloudDevices(api: ApiClient): Promise<PrintDevice[]> {
  return (await listCloudDevices(api)).map((d) => ({
    id: d.sn,
    name: d.name,
    status: d.status,
    type: d.type,
    ...(d.stock ? { stock: d.stock } : {}),
    ...(d.printerStatus ? { printerStatus: d.printerStatus } : {}),
  }));
}

export interface CloudJobDeps {
  readonly api: ApiClient;
  readonly userId: string;
  /** draws one page SVG as a PNG of exactly width × height pixels */
  readonly drawPng: (svg: string, width: number, height: number) => Promise<Uint8Array>;
  readonly now?: () => Date;
}

/** Draws, uploads and sends the pages; answers the server's job answer. */
export async function sendCloudJob(
  deps: CloudJobDeps,
  job: {
    readonly device: PrintDevice;
    readonly pages: Iterable<string> | AsyncIterable<string>;
    readonly widthMm: number;
    readonly heightMm: number;
    readonly copies: number;
    /** the job's id when it reserved counter numbers under it (jobNumbers.ts) */
    readonly jobId?: string;
  },
): Promise<unknown> {
  const size = cloudImageSize(job.widthMm, job.heightMm, job.device.type ?? 1);
  const token = asText(
    await deps.api.post<string>("/api/tem.app_shared/getToken", { bucket: UPLOAD_BUCKET }),
  );
  const urls: string[] = [];
  for await (const svg of job.pages) {
    const png = await deps.drawPng(svg, size.width, size.height);
    const key = uploadKey(deps.userId, "tprt/cloudPrint", "png", deps.now?.() ?? new Date());
    urls.push(await uploadFile(deps, token, key, png, "image/png"));
  }
  const copies = Math.max(1, Math.floor(job.copies) || 1);
  return deps.api.post(DIST, {
    fun: "hmPrintFile",
    sn: job.device.id,
    files: cloudFiles(urls, copies).join(","),
    print_type: printTypeOf(job.device.type),
    phr: copies,
    print_file_type: 1,
    ...(job.jobId ? { job_id: job.jobId } : {}),
  });
}
