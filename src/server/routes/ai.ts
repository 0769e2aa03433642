// Picture to label (issue 19; application.md §7 calls 25–28): daily trials, where the label lies in
// an uploaded picture, and the label file generated from it. Pictures are the user's own uploads
// (the iconicLiteracy purpose); anyone else's file is refused. All recognition runs here, offline.

import { translate } from "../../i18n/messages";
import { ImageTooLarge, MAX_IMAGE_PIXELS } from "../../image/guard";
import type { Quad } from "../../image/quad";
import { MAX_LABEL_HEIGHT_MM, MAX_LABEL_WIDTH_MM } from "../../model/constants";
import { serializeTprt } from "../../model/file";
import { ocrLanguageOf } from "../../model/ocrLanguages";
import type { LabelDocument } from "../../model/types";
import { fileUrl, newKey, ownKeyFromUrl } from "../files/urls";
import { num } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { UnreadablePicture } from "../picture/recognize";
import { dayCount, requireTrial, takeTrial } from "../services/aiTrials";

/** At most this many pictures per call. */
const MAX_IMAGES = 4;

/** images[] as sent: a JSON array, or one URL. */
function imageUrls(ctx: Ctx): string[] {
  const v = ctx.fields.images ?? ctx.fields["images[]"];
  const list = Array.isArray(v) ? v : typeof v === "string" && v ? [v] : [];
  const urls = list.filter((u): u is string => typeof u === "string" && u.length <= 1000);
  if (urls.length === 0) throw new ApiError(Code.failed, "server.error.fileMissing");
  return urls.slice(0, MAX_IMAGES);
}

/** A picture over the decoder's cap (a decompression bomb, or simply too many pixels). */
const pictureTooLarge = () =>
  new ApiError(Code.failed, "image.error.tooLarge", { megapixels: MAX_IMAGE_PIXELS / 1e6 });

/** The bytes of one of the user's own pictures (403 for anyone else's, 209 when it is gone). */
async function ownPicture(ctx: Ctx, url: string): Promise<Uint8Array> {
  const key = ownKeyFromUrl(userOf(ctx).id, url);
  if (!key) throw new ApiError(Code.forbidden, "server.error.keyForbidden");
  const bytes = await ctx.files.get(key);
  if (!bytes) throw new ApiError(Code.failed, "server.error.fileMissing");
  return bytes;
}

/** The language of the label's text (src/model/ocrLanguages.ts); absent: the server's default.
 * Only the listed ones: the id names the model packages the server loads. */
function languageOf(v: unknown): string | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "string" && ocrLanguageOf(v)) return v;
  throw new ApiError(Code.failed, "ai.error.language");
}

/** Four [x, y] points, as the crop view sends them; null when absent or malformed. */
function cornersOf(v: unknown): Quad | null {
  let raw = v;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(raw) || raw.length !== 4) return null;
  const pts = raw.map((p) =>
    Array.isArray(p) &&
    p.length === 2 &&
    p.every((n) => typeof n === "number" && Number.isFinite(n) && Math.abs(n) < 1e6)
      ? ([p[0], p[1]] as const)
      : null,
  );
  return pts.every(Boolean) ? (pts as unknown as Quad) : null;
}

export const aiRoutes: Routes = {
  "/api/tem.app_shared/getDayCount": {
    auth: true,
    async handle(ctx) {
      // the AI dialog opens: the recognition thread and its tesseract worker start now, so the
      // user's first picture does not wait for them
      ctx.pictures.warm().catch((e: Error) => ctx.config.log(`[inkless] picture thread: ${e.message}`));
      return ok(await dayCount(ctx.db, ctx.config, userOf(ctx)));
    },
  },

  // Counting happens when a label is generated (call 28), so a client that never calls this gains
  // nothing; the answer is what is left, for the notice.
  "/api/tem.app_shared/addCount": {
    auth: true,
    async handle(ctx) {
      return ok(await dayCount(ctx.db, ctx.config, userOf(ctx)));
    },
  },

  "/api/tem.ai_control_class/LabelAreaPositioning": {
    auth: true,
    async handle(ctx) {
      const boxes: number[][] = [];
      const corners: Quad[] = [];
      const sizes: number[][] = [];
      // the label's [width, height] in mm from a code of standard size (EAN/UPC), else null
      const mm: (number[] | null)[] = [];
      for (const url of imageUrls(ctx)) {
        const bytes = await ownPicture(ctx, url);
        const {
          area,
          size,
          mm: label,
        } = await ctx.pictures.locate(userOf(ctx).id, bytes).catch((e: Error) => {
          if (e instanceof UnreadablePicture) throw new ApiError(Code.failed, "ai.error.readFailed");
          if (e instanceof ImageTooLarge) throw pictureTooLarge();
          throw e;
        });
        boxes.push([...area.box]);
        corners.push(area.corners);
        sizes.push([...size]);
        mm.push(label ? [label.width, label.height] : null);
      }
      return ok(boxes, { corners, sizes, mm });
    },
  },

  "/api/tem.ai_control_class/generateLabelFile": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      await requireTrial(ctx.db, ctx.config, u);
      const [url] = imageUrls(ctx);
      const bytes = await ownPicture(ctx, url);
      const width = Math.min(MAX_LABEL_WIDTH_MM, Math.max(0, num(ctx.fields, "width") ?? 0));
      const height = Math.min(MAX_LABEL_HEIGHT_MM, Math.max(0, num(ctx.fields, "height") ?? 0));
      const language = languageOf(ctx.fields.language);
      let doc: LabelDocument;
      try {
        doc = await ctx.pictures.recognize(u.id, bytes, {
          width,
          height,
          corners: cornersOf(ctx.fields.corners) ?? undefined,
          name: translate("app.home.defaultLabelName", {}, ctx.lang),
          language,
        });
      } catch (e) {
        if (e instanceof ApiError) throw e; // refused by the queue: "you already have N jobs"
        if (e instanceof UnreadablePicture) throw new ApiError(Code.failed, "ai.error.readFailed");
        if (e instanceof ImageTooLarge) throw pictureTooLarge();
        ctx.config.log(`[inkless] picture to label failed: ${(e as Error).message}`);
        throw new ApiError(Code.failed, "ai.error.failed");
      }
      // nothing recognised (a wall, a blurred shot): say so, and keep the trial
      if (doc.elements.length === 0) throw new ApiError(Code.failed, "ai.error.noLabel");
      if (!(await takeTrial(ctx.db, ctx.config, u))) throw new ApiError(Code.failed, "ai.error.usedUp");
      const key = newKey(u.id, "tprt/ai", ".tprt");
      await ctx.files.put(key, new TextEncoder().encode(serializeTprt(doc)));
      return ok([
        { file_web: `${ctx.origin}${fileUrl(key)}`, width: doc.attrs.width, height: doc.attrs.height },
      ]);
    },
  },
};
