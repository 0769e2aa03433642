// The recognition thread (./thread.ts): jobs in, answers out. The tesseract worker is started as soon
// as this thread starts (`warm`) and kept, so the first picture does not wait for it.
import { parentPort } from "node:worker_threads";
import { ImageTooLarge } from "../../image/guard";
import { locateLabel } from "./locate";
import { warmOcr } from "./ocr";
import { decodePicture, toGray } from "./pixels";
import { type RecognizeOptions, recognizeLabel, UnreadablePicture } from "./recognize";
import { estimateLabelSize } from "./size";

export type ThreadJob =
  | { readonly id: number; readonly op: "warm" }
  | { readonly id: number; readonly op: "locate"; readonly bytes: ArrayBuffer }
  | {
      readonly id: number;
      readonly op: "recognize";
      readonly bytes: ArrayBuffer;
      readonly opts: RecognizeOptions;
    };

export type ThreadAnswer =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly unreadable: boolean;
      readonly tooLarge: boolean;
      readonly message: string;
    };

async function run(job: ThreadJob): Promise<unknown> {
  if (job.op === "warm") return warmOcr();
  const bytes = new Uint8Array(job.bytes);
  if (job.op === "locate") {
    const picture = decodePicture(bytes);
    if (!picture) throw new UnreadablePicture("unreadable picture");
    const gray = toGray(picture);
    const area = locateLabel(gray);
    const mm = await estimateLabelSize(gray, area.corners);
    return { area, size: [picture.width, picture.height], mm };
  }
  return (await recognizeLabel(bytes, job.opts)).doc;
}

// the tesseract worker starts with this thread, before the first job asks for it
void warmOcr().catch(() => undefined);
parentPort?.on("message", (job: ThreadJob) => {
  void run(job).then(
    (value) => parentPort?.postMessage({ id: job.id, ok: true, value } satisfies ThreadAnswer),
    (e: Error) =>
      parentPort?.postMessage({
        id: job.id,
        ok: false,
        unreadable: e instanceof UnreadablePicture,
        tooLarge: e instanceof ImageTooLarge,
        message: e?.message ?? String(e),
      } satisfies ThreadAnswer),
  );
});
parentPort?.postMessage({ ready: true });
