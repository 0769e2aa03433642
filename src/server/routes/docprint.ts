// Document printing's one server call (docs/docprint.md): an office document the user uploaded (token
// flow) becomes a PDF stored next to it; the answer is the PDF's key and address. The uploaded
// original is removed once converted (it was only sent to be converted).
import { extname } from "node:path";
import { fileUrl, newKey, ownKeyFromUrl } from "../files/urls";
import { str } from "../http/body";
import { ok, type Routes, userOf } from "../http/context";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import {
  ConvertTimeout,
  convertTimeoutMs,
  NoIsolation,
  NotOffice,
  OFFICE_PACKAGES,
  OfficeMissing,
  officeToPdf,
} from "../services/officeConvert";

export const docPrintRoutes: Routes = {
  "/api/docprint/convert": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const key = ownKeyFromUrl(u.id, str(ctx.fields, "url", 1000));
      if (!key) throw new ApiError(Code.forbidden, "server.error.forbidden");
      const bytes = await ctx.files.get(key);
      if (!bytes) throw itemNotFound();
      let pdf: Uint8Array;
      try {
        pdf = await officeToPdf(u.id, bytes, extname(key).slice(1), [ctx.config.dataDir]);
      } catch (e) {
        if (e instanceof ApiError) throw e; // refused by the queue: "you already have N jobs"
        if (e instanceof OfficeMissing)
          throw new ApiError(Code.failed, "server.error.officeMissing", { packages: OFFICE_PACKAGES });
        if (e instanceof NotOffice) throw new ApiError(Code.failed, "server.error.officeNotOffice");
        if (e instanceof NoIsolation) {
          ctx.config.log(`[inkless] office conversion refused: ${e.message} (docs/security.md)`);
          throw new ApiError(Code.failed, "server.error.officeIsolation");
        }
        if (e instanceof ConvertTimeout)
          throw new ApiError(Code.failed, "server.error.officeTimeout", {
            seconds: convertTimeoutMs() / 1000,
          });
        throw new ApiError(Code.failed, "server.error.officeFailed");
      }
      const out = newKey(u.id, "docprint", ".pdf");
      await ctx.files.put(out, pdf);
      await ctx.files.delete(key);
      return ok({ key: out, url: `${ctx.origin}${fileUrl(out)}` });
    },
  },
};
