// Print records (application.md §7 calls 21–24): template use counts, the print history (the
// /printRecord page lists it) and the print-record switch. The client shows none of the answers of
// calls 21–24. Storage, retention and totals are in services/printRecords.ts.

import { newRecordId } from "../../model/ids";
import { keyFromUrl, ownKeyFromUrl } from "../files/urls";
import { bool, num, str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code, itemNotFound } from "../http/envelope";
import { isMember } from "../services/membership";
import {
  addPrintRecord,
  countTemplateUse,
  deletePrintRecords,
  listPrintRecords,
  PRINTER_KINDS,
  type PrinterKind,
  printTotals,
  recordsPrints,
  setRecordPrints,
} from "../services/printRecords";
import { dropUnusedFiles } from "../services/storedFiles";
import { recordTeamPrint } from "../services/teamEvents";
import { liveTemplates, ownsTemplate, templateOut } from "../services/templates";
import { checkUserCap, PRINT_RECORD_CAP } from "../services/userCaps";
import { formatTime } from "../validate";
import { spaceOf } from "./teamSpace";

/** Longest records text (the chosen records and their copies, src/print/choiceText.ts). */
const RECORDS_MAX = 20_000;

/** An ISO time field, or "" when absent or not a time. */
function time(f: Ctx["fields"], name: string): string {
  const v = str(f, name, 40);
  const t = v ? Date.parse(v) : Number.NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : "";
}

const templateId = (ctx: Ctx) => {
  const id = str(ctx.fields, "id", 64);
  if (!id || !/^[\w-]+$/.test(id)) throw itemNotFound();
  return id;
};

/** user_id, when sent, must be the session user: nobody counts uses in another user's name. */
function checkUserId(ctx: Ctx): string {
  const u = userOf(ctx);
  const sent = str(ctx.fields, "user_id", 64);
  if (sent && sent !== u.id) throw new ApiError(Code.forbidden, "server.error.forbidden");
  return u.id;
}

export const printRecordRoutes: Routes = {
  // Common (library) labels: downloads and uses are counted per user.
  "/api/tem.app_public/addDowTem": {
    auth: true,
    async handle(ctx) {
      return ok(await countTemplateUse(ctx.db, userOf(ctx).id, templateId(ctx), "download"));
    },
  },
  "/api/tem.app_public/userUseTem": {
    auth: true,
    async handle(ctx) {
      return ok(await countTemplateUse(ctx.db, checkUserId(ctx), templateId(ctx), "use"));
    },
  },
  // Cloud labels: only the templates of the space the request acts in (the user's own, or a team's
  // the user may read: a member printing a team's label, from the editor or the print station).
  "/api/tem.app_public/userPrivateUserTem": {
    auth: true,
    async handle(ctx) {
      const userId = checkUserId(ctx);
      const id = templateId(ctx);
      const space = await spaceOf(ctx, "read");
      if (!(await ownsTemplate(ctx.db, space.id, id))) throw itemNotFound();
      return ok(await countTemplateUse(ctx.db, userId, id, "private"));
    },
  },

  // The preview-image record of a print (spec §3: user_id, print_num, file_web, image_address,
  // is_copy, name, width, height, tmp_id, data_type, tmp_type) and ours: the printer kind and name,
  // the records chosen, labels and pages. Not stored while the user's print-record switch is off.
  "/api/tem.app_public/printHistoryNewAdd": {
    auth: true,
    async handle(ctx) {
      const userId = checkUserId(ctx);
      const f = ctx.fields;
      const image = str(f, "image_address", 1000) || str(f, "image", 1000) || str(f, "url", 1000);
      if (image && !ownKeyFromUrl(userId, image))
        throw new ApiError(Code.forbidden, "server.error.forbidden");
      // the label file's address is kept only when it is one of this server's files
      const web = str(f, "file_web", 1000);
      const fileWeb = web && keyFromUrl(web) ? web : "";
      const size = (name: string) => {
        const v = num(f, name) ?? 0;
        return Number.isFinite(v) && v >= 0 && v <= 10_000 ? v : 0;
      };
      const count = (name: string, min: number) =>
        Math.min(Math.max(Math.trunc(num(f, name) ?? min), min), 10_000_000);
      const copies = Math.min(count("print_num", 0) || count("copies", 0) || count("phr", 1), 1_000_000);
      const kind = str(f, "printer_kind", 16);
      const dataType = str(f, "data_type", 16);
      await checkUserCap(ctx.db, userId, PRINT_RECORD_CAP);
      const templateId = str(f, "tmp_id", 64) || str(f, "template_id", 64) || str(f, "id", 64);
      const labels = count("labels", 0);
      const printer = str(f, "printer", 200);
      // a team template's print goes into the team's audit log, whatever the personal record switch
      await recordTeamPrint(ctx.db, userId, templateId, { labels: labels || Math.max(copies, 1), printer });
      const id = await addPrintRecord(ctx.db, userId, newRecordId(), {
        templateId,
        name: str(f, "name", 200),
        image,
        fileWeb,
        width: size("width"),
        height: size("height"),
        copies: Math.max(copies, 1),
        isCopy: bool(f, "is_copy"),
        tmpType: str(f, "tmp_type", 32),
        dataType: dataType === "document" ? "document" : "label",
        printerKind: (PRINTER_KINDS as readonly string[]).includes(kind) ? (kind as PrinterKind) : "",
        printer,
        records: str(f, "records", RECORDS_MAX),
        labels,
        pages: count("pages", 0),
      });
      return ok({ id });
    },
  },

  // Print records (ours): a page of the records the user may still see (7 days free, 3 months
  // member), filtered by time, label name and printer kind; data the list, count the total.
  "/api/tem.app_public/getPrintHistory": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const f = ctx.fields;
      const size = Math.min(Math.max(Math.trunc(num(f, "size") ?? 100), 1), 100);
      const page = Math.min(Math.max(Math.trunc(num(f, "page") ?? 1), 1), 1_000_000);
      const { rows, count } = await listPrintRecords(
        ctx.db,
        u.id,
        isMember(u),
        {
          from: time(f, "from"),
          to: time(f, "to"),
          keyword: str(f, "keyword", 100),
          printerKind: str(f, "printer_kind", 16),
        },
        { page, size },
      );
      // the user's live template each record printed (the reprint opens it), or null
      const ids = [...new Set(rows.map((r) => r.template_id).filter(Boolean))];
      const live = await liveTemplates(ctx.db, u.id, ids);
      const byId = new Map(live.map((t) => [t.id, templateOut(t)]));
      return ok(
        rows.map(({ created_at, ...r }) => ({
          template: byId.get(r.template_id) ?? null,
          ...r,
          add_time: formatTime(created_at),
          at: new Date(created_at).toISOString(),
        })),
        { count },
      );
    },
  },

  // Labels printed since the client's local start of today, of the week and of the month (ISO
  // times it sends), and in all kept records; with the switch and how long records are kept.
  "/api/tem.app_public/getPrintTotals": {
    get: true,
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const f = ctx.fields;
      const member = isMember(u);
      const totals = await printTotals(ctx.db, u.id, member, {
        today: time(f, "today"),
        week: time(f, "week"),
        month: time(f, "month"),
      });
      return ok({ ...totals, recording: await recordsPrints(ctx.db, u.id), member });
    },
  },

  "/api/tem.app_public/delPrintHistory": {
    auth: true,
    async handle(ctx) {
      const raw = ctx.fields.ids;
      const ids = (Array.isArray(raw) ? raw : [raw]).filter(
        (x): x is string => typeof x === "string" && /^[\w-]{1,64}$/.test(x),
      );
      if (ids.length > 1000)
        throw new ApiError(Code.failed, "server.error.tooLong", { field: "ids", max: 1000 });
      const userId = userOf(ctx).id;
      const { deleted, images } = await deletePrintRecords(ctx.db, userId, ids);
      // their printed pictures go too, unless another record (or a template, a cloud file) names them
      await dropUnusedFiles(ctx.db, ctx.files, userId, images);
      return ok({ deleted });
    },
  },

  // The print-record switch (spec §4 "Print records can be switched on or off").
  "/api/tem.app_public/setPrintRecordSwitch": {
    auth: true,
    async handle(ctx) {
      const on = bool(ctx.fields, "on");
      await setRecordPrints(ctx.db, userOf(ctx).id, on);
      return ok({ recording: on });
    },
  },
};
