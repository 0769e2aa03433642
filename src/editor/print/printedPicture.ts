// A small picture of the label as it was printed (the job's first label, with the values of its
// record and the background if it printed), kept with the print record (spec §3: image_address),
// so /printRecord shows what was printed rather than the template as it is today. The picture is
// drawn and uploaded after the job went out; when that fails the record is still written, without it.
// A job the assistant's queue stopped part-way is recorded when it ends there (queuedRecord.ts).

import { UPLOAD_BUCKET, uploadFile, uploadKey } from "../../app/api/cloudSave";
import type { ApiClient } from "../../app/api/core";
import { asText } from "../../app/api/read";
import type { AssistantClient } from "../../app/printing/assistantClient";
import { drawPagePng } from "../../app/printing/cloudDraw";
import { type PrintedJob, printRecordFields, recordPrint } from "../../app/printing/printRecord";
import { amendPending, recordWhenQueueEnds } from "../../app/printing/queuedRecord";
import { createResolver, type Sheets } from "../../data/index";
import type { LabelDocument } from "../../model/types";
import { cellsPerPage, labelCount } from "../../print/plan";
import { prepareRender, renderLabel } from "../../render/index";

/** The picture's longer side in pixels: a thumbnail, a few KB. */
export const PRINTED_PICTURE_PX = 240;

/** Pixel size of the picture of a w × h mm label (the longer side PRINTED_PICTURE_PX, at least 1). */
export function printedPictureSize(widthMm: number, heightMm: number): { width: number; height: number } {
  const w = widthMm > 0 ? widthMm : 1;
  const h = heightMm > 0 ? heightMm : 1;
  const scale = PRINTED_PICTURE_PX / Math.max(w, h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** The label of `record` as a small PNG. */
export async function printedPicture(
  doc: LabelDocument,
  record: number,
  sheets: Sheets,
  background: boolean,
): Promise<Uint8Array> {
  await prepareRender(doc, { target: "print" });
  const values = createResolver(doc, sheets, new Date())(record);
  const svg = renderLabel(doc, { target: "print", values, background });
  const size = printedPictureSize(doc.attrs.width, doc.attrs.height);
  return drawPagePng(svg, size.width, size.height);
}

export interface LabelPrint extends Omit<PrintedJob, "image"> {
  readonly sheets: Sheets;
  readonly background: boolean;
}

/** Draws and uploads the printed picture; its address, or "" when that failed. */
async function uploadPicture(
  api: ApiClient,
  doc: LabelDocument,
  job: LabelPrint,
  draw: typeof printedPicture,
): Promise<string> {
  try {
    const png = await draw(doc, job.choices[0]?.record ?? 0, job.sheets, job.background);
    const token = asText(await api.post<string>("/api/tem.app_shared/getToken", { bucket: UPLOAD_BUCKET }));
    return await uploadFile({ api }, token, uploadKey(job.userId, "tprt/printed", "png"), png, "image/png");
  } catch {
    // no picture: the record still says what was printed
    return "";
  }
}

/** Draws and uploads the printed picture, then writes the print record (call 24). */
export async function recordLabelPrint(
  api: ApiClient,
  doc: LabelDocument,
  job: LabelPrint,
  draw: typeof printedPicture = printedPicture,
): Promise<void> {
  const { sheets: _, background: __, ...printed } = job;
  await recordPrint(api, doc, { ...printed, image: await uploadPicture(api, doc, job, draw) });
}

/** The record of a job the assistant's queue stopped part-way (its answer named the queue job):
 * kept at once (a tab closed now still gets it written), the picture added once uploaded, written
 * when the job ends there with the labels it really printed. */
export async function recordQueuedLabelPrint(
  api: ApiClient,
  client: AssistantClient,
  doc: LabelDocument,
  job: LabelPrint,
  queued: { readonly job: string; readonly printer: string },
  draw: typeof printedPicture = printedPicture,
): Promise<void> {
  const { sheets: _, background: __, ...printed } = job;
  const ended = recordWhenQueueEnds(api, client, {
    ...queued,
    userId: job.userId,
    fields: printRecordFields(doc, printed),
    labels: job.labels ?? labelCount(job.choices),
    perPage: cellsPerPage(doc.attrs.columns, doc.attrs.rows),
    copies: job.copies,
  });
  const image = await uploadPicture(api, doc, job, draw);
  if (image) amendPending(queued.job, { image_address: image });
  await ended;
}
