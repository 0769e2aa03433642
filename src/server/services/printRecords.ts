// Print records (application.md §3 preview-image record, §9 retention): one row per print job. A
// free user sees the last 7 days, a member the last 3 months; the scheduled purge deletes what no
// one may see any more. Listing, totals and the purge live here; the routes only read fields.
import type { Queryable } from "../db";
import { memberSql } from "./membership";

/** How long records are kept (PostgreSQL intervals): spec §9 "7 days free, 3 months member". */
export const PRINT_RETENTION = { free: "7 days", member: "3 months" } as const;

export const retentionOf = (member: boolean) => (member ? PRINT_RETENTION.member : PRINT_RETENTION.free);

/** The printer kinds of a web print (the print dialog's paths). */
export const PRINTER_KINDS = ["browser", "driver", "cloud"] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** What was printed: a label, or a document cut into labels (document printing). */
export const DATA_TYPES = ["label", "document"] as const;

export interface NewPrintRecord {
  templateId: string;
  name: string;
  image: string;
  fileWeb: string;
  width: number;
  height: number;
  copies: number;
  isCopy: boolean;
  tmpType: string;
  dataType: (typeof DATA_TYPES)[number];
  printerKind: PrinterKind | "";
  printer: string;
  records: string;
  labels: number;
  pages: number;
  /** the template version printed (null: not a cloud template's, or not known) */
  version?: number | null;
}

export interface PrintRecordRow {
  id: string;
  template_id: string;
  name: string;
  image: string;
  file_web: string;
  width: number;
  height: number;
  copies: number;
  is_copy: boolean;
  tmp_type: string;
  data_type: string;
  printer_kind: string;
  printer: string;
  records: string;
  labels: number;
  pages: number;
  version: number | null;
  created_at: Date;
}

const COLS =
  "id, template_id, name, image, file_web, width, height, copies, is_copy, tmp_type, data_type, printer_kind, printer, records, labels, pages, version, created_at";

/** Stores a record unless the user switched recording off; returns its id, or "" when not stored.
 * Without a version, the record names the version whose label file it printed, when that is a kept
 * version of a template in the user's space or one of their teams'. */
export async function addPrintRecord(
  q: Queryable,
  userId: string,
  id: string,
  r: NewPrintRecord,
): Promise<string> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO print_history (id, user_id, template_id, name, image, file_web, width, height, copies,
       is_copy, tmp_type, data_type, printer_kind, printer, records, labels, pages, version)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
            COALESCE($18::int, (SELECT v.number FROM template_versions v
                                 WHERE v.template_id = $3 AND v.file_url = $6 AND $6 <> ''
                                   AND (v.user_id = $2 OR v.user_id IN (SELECT team_id FROM team_members WHERE user_id = $2))
                                 ORDER BY v.number DESC LIMIT 1))
       FROM users WHERE id = $2 AND record_prints
     RETURNING id`,
    [
      id,
      userId,
      r.templateId,
      r.name,
      r.image,
      r.fileWeb,
      r.width,
      r.height,
      r.copies,
      r.isCopy,
      r.tmpType,
      r.dataType,
      r.printerKind,
      r.printer,
      r.records,
      r.labels,
      r.pages,
      r.version ?? null,
    ],
  );
  return rows[0]?.id ?? "";
}

export interface RecordFilter {
  /** records at or after (ISO time; "" for none) */
  from: string;
  /** records before (ISO time; "" for none) */
  to: string;
  /** part of the label name (case-insensitive; "" for all) */
  keyword: string;
  printerKind: string;
}

/** A page of the records the user may still see, newest first, and how many match in all. */
export async function listPrintRecords(
  q: Queryable,
  userId: string,
  member: boolean,
  filter: RecordFilter,
  page: { page: number; size: number },
  now: Date = new Date(),
): Promise<{ rows: PrintRecordRow[]; count: number }> {
  const where = `user_id = $1 AND created_at >= $2::timestamptz - $3::interval
    AND ($4 = '' OR created_at >= $4::timestamptz) AND ($5 = '' OR created_at < $5::timestamptz)
    AND ($6 = '' OR strpos(lower(name), lower($6)) > 0) AND ($7 = '' OR printer_kind = $7)`;
  const params = [
    userId,
    now.toISOString(),
    retentionOf(member),
    filter.from,
    filter.to,
    filter.keyword,
    filter.printerKind,
  ];
  const rows = await q.query<PrintRecordRow & { total: number }>(
    `SELECT ${COLS}, count(*) OVER ()::int AS total FROM print_history WHERE ${where}
      ORDER BY created_at DESC, id LIMIT $8 OFFSET $9`,
    [...params, page.size, (page.page - 1) * page.size],
  );
  const count = rows[0]
    ? rows[0].total
    : (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM print_history WHERE ${where}`, params))[0]
        .n;
  return { rows: rows.map(({ total: _, ...r }) => r), count };
}

/** Labels printed since each start (the client's local today, week and month) and in all kept records. */
export async function printTotals(
  q: Queryable,
  userId: string,
  member: boolean,
  since: { today: string; week: string; month: string },
  now: Date = new Date(),
): Promise<{ today: number; week: number; month: number; kept: number }> {
  const [r] = await q.query<{ today: number; week: number; month: number; kept: number }>(
    `SELECT coalesce(sum(labels) FILTER (WHERE $4 <> '' AND created_at >= $4::timestamptz), 0)::int AS today,
            coalesce(sum(labels) FILTER (WHERE $5 <> '' AND created_at >= $5::timestamptz), 0)::int AS week,
            coalesce(sum(labels) FILTER (WHERE $6 <> '' AND created_at >= $6::timestamptz), 0)::int AS month,
            coalesce(sum(labels), 0)::int AS kept
       FROM print_history WHERE user_id = $1 AND created_at >= $2::timestamptz - $3::interval`,
    [userId, now.toISOString(), retentionOf(member), since.today, since.week, since.month],
  );
  return r;
}

/** Deletes the user's records of `ids`; returns how many went and the printed pictures they named. */
export async function deletePrintRecords(
  q: Queryable,
  userId: string,
  ids: readonly string[],
): Promise<{ deleted: number; images: string[] }> {
  if (!ids.length) return { deleted: 0, images: [] };
  const rows = await q.query<{ image: string }>(
    "DELETE FROM print_history WHERE user_id = $1 AND id = ANY($2::text[]) RETURNING image",
    [userId, ids],
  );
  return { deleted: rows.length, images: rows.map((r) => r.image).filter(Boolean) };
}

/**
 * Deletes the records nobody may see any more at `now`: older than 3 months for everyone, older than
 * 7 days for users who are not members (the operator's member accounts count as members).
 */
export async function purgePrintRecords(
  q: Queryable,
  memberAccounts: ReadonlySet<string>,
  now: Date = new Date(),
  /** membership switched off (INKLESS_MEMBERSHIP=off): everyone keeps a member's history */
  everyone = false,
): Promise<{ deleted: number; images: { userId: string; image: string }[] }> {
  const rows = await q.query<{ user_id: string; image: string }>(
    `DELETE FROM print_history h USING users u
      WHERE u.id = h.user_id
        AND (h.created_at < $1::timestamptz - $2::interval
             OR (NOT $5::boolean AND h.created_at < $1::timestamptz - $3::interval
                 AND NOT ${memberSql("u", "$1::timestamptz", "$4::text[]")}))
     RETURNING h.user_id, h.image`,
    [now.toISOString(), PRINT_RETENTION.member, PRINT_RETENTION.free, [...memberAccounts], everyone],
  );
  return {
    deleted: rows.length,
    images: rows.filter((r) => r.image).map((r) => ({ userId: r.user_id, image: r.image })),
  };
}

/** Whether the user's print-record switch is on (spec §4 "Print records can be switched on or off"). */
export async function recordsPrints(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q.query<{ record_prints: boolean }>("SELECT record_prints FROM users WHERE id = $1", [
    userId,
  ]);
  return row?.record_prints ?? true;
}

export async function setRecordPrints(q: Queryable, userId: string, on: boolean): Promise<void> {
  await q.query("UPDATE users SET record_prints = $2 WHERE id = $1", [userId, on]);
}

/** Counts one download, use or private use of a template by the user; answers the new count. */
export async function countTemplateUse(
  q: Queryable,
  userId: string,
  id: string,
  kind: "download" | "use" | "private",
): Promise<{ id: string; uses: number }> {
  await q.query(
    `INSERT INTO template_use (user_id, template_id, kind, uses) VALUES ($1, $2, $3, 1)
     ON CONFLICT (user_id, template_id, kind) DO UPDATE SET uses = template_use.uses + 1, updated_at = now()`,
    [userId, id, kind],
  );
  const [row] = await q.query<{ uses: number }>(
    "SELECT uses FROM template_use WHERE user_id = $1 AND template_id = $2 AND kind = $3",
    [userId, id, kind],
  );
  return { id, uses: row?.uses ?? 1 };
}
