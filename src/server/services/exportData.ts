// "Export my data" (personal centre): one zip of everything a user keeps here, written to the
// response as it is made (one stored file in memory at a time, waiting for the client to drain):
//   profile.json                       account, nickname, industry, membership, switches
//   templates/<folder>/<name>.tprt(s)  every live template's label file
//   data/images/<folder>/<name>        cloud images; data/spreadsheets/<folder>/<name> spreadsheets
//   print-records.csv                  the print records still kept (7 days free, 3 months member)
//   shares.json                        the shares the user gave and the codes they added
import type { Writable } from "node:stream";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { SessionUser } from "../auth/sessions";
import type { Queryable } from "../db";
import type { FileStore } from "../files/store";
import { ownKeyFromUrl } from "../files/urls";
import { formatTime } from "../validate";
import { listPrintRecords } from "./printRecords";
import { freeName } from "./recovery";

/** A name as one zip path segment: no separators, controls or characters Windows refuses. */
export function zipSegment(name: string, fallback: string): string {
  const s = name
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]/gu, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 120);
  return s || fallback;
}

/** A CSV field: quoted when needed; a leading = + - @ is escaped so spreadsheets do not run it. */
export function csvField(v: unknown): string {
  let s = v === null || v === undefined ? "" : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV line (CRLF) of fields. */
export const csvLine = (fields: readonly unknown[]) => `${fields.map(csvField).join(",")}\r\n`;

/** Largest number of print records written (a member's 3 months). */
const MAX_RECORDS = 100_000;

/** The fields of the session user the export reads. */
export type ExportUser = Pick<SessionUser, "id" | "account" | "nickname" | "member_expire">;

/** Writes the user's zip to `out` (which the caller has given its headers); resolves when it ends. */
export async function writeUserExport(
  db: Queryable,
  files: FileStore,
  user: ExportUser,
  member: boolean,
  out: Writable,
): Promise<void> {
  let failed: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err;
    else out.write(chunk);
    if (final) out.end();
  });
  const drain = async () => {
    if (failed) throw failed;
    if (out.writableNeedDrain) await new Promise((ok) => out.once("drain", ok));
    if (out.destroyed) throw new Error("client went away");
  };
  const addBytes = async (path: string, data: Uint8Array, compress: boolean) => {
    const entry = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    zip.add(entry);
    entry.push(data, true);
    await drain();
  };
  const addText = (path: string, text: string) => addBytes(path, new TextEncoder().encode(text), true);

  const [profile] = await db.query<{
    industry: string;
    created_at: Date;
    share_folders: boolean;
    record_prints: boolean;
  }>("SELECT industry, created_at, share_folders, record_prints FROM users WHERE id = $1", [user.id]);
  await addText(
    "profile.json",
    JSON.stringify(
      {
        userid: user.id,
        account: user.account,
        nickname: user.nickname,
        industry: profile?.industry ?? "",
        registered: formatTime(profile?.created_at ?? null),
        member,
        member_expire: formatTime(user.member_expire),
        folder_sharing: profile?.share_folders ?? true,
        print_records: profile?.record_prints ?? true,
      },
      null,
      2,
    ),
  );

  // stored files, folder by folder; a name taken twice in a folder gets " (1)"
  const stored = async (
    rows: { folder: string; name: string; url: string }[],
    base: string,
    ext: boolean,
  ) => {
    const taken = new Map<string, Set<string>>();
    for (const r of rows) {
      const key = ownKeyFromUrl(user.id, r.url);
      const data = key ? await files.get(key) : null;
      if (!key || !data) continue;
      const folder = zipSegment(r.folder, "folder");
      const names = taken.get(folder) ?? new Set<string>();
      taken.set(folder, names);
      const fileExt = ext ? (/\.tprts?$/i.exec(key)?.[0] ?? ".tprt") : "";
      const name = freeName(zipSegment(r.name, "file") + fileExt, names, true);
      names.add(name);
      // label files of type .tprts and images are compressed already
      await addBytes(
        `${base}/${folder}/${name}`,
        data,
        fileExt.toLowerCase() === ".tprt" || /\.(csv|txt)$/i.test(name),
      );
    }
  };
  await stored(
    await db.query(
      `SELECT c.name AS folder, t.name, t.file_url AS url FROM templates t
         JOIN template_classes c ON c.id = t.class_id AND c.user_id = t.user_id
        WHERE t.user_id = $1 AND t.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY c.created_at, c.id, t.name`,
      [user.id],
    ),
    "templates",
    true,
  );
  for (const [type, base] of [
    [1, "data/images"],
    [2, "data/spreadsheets"],
  ] as const)
    await stored(
      await db.query(
        `SELECT c.name AS folder, f.name, f.url FROM cloud_files f
           JOIN cloud_classes c ON c.id = f.class_id AND c.user_id = f.user_id
          WHERE f.user_id = $1 AND c.type = $2 AND f.deleted_at IS NULL AND c.deleted_at IS NULL
          ORDER BY c.created_at, c.id, f.name`,
        [user.id, type],
      ),
      base,
      false,
    );

  const { rows } = await listPrintRecords(
    db,
    user.id,
    member,
    { from: "", to: "", keyword: "", printerKind: "" },
    { page: 1, size: MAX_RECORDS },
  );
  let csv = csvLine([
    "time_utc",
    "label",
    "template_id",
    "width_mm",
    "height_mm",
    "printer_kind",
    "printer",
    "records",
    "copies",
    "labels",
    "pages",
    "label_type",
  ]);
  for (const r of rows)
    csv += csvLine([
      formatTime(r.created_at),
      r.name,
      r.template_id,
      r.width,
      r.height,
      r.printer_kind,
      r.printer,
      r.records,
      r.copies,
      r.labels,
      r.pages,
      r.tmp_type,
    ]);
  await addText("print-records.csv", csv);

  const given = await db.query<{
    code: string;
    kind: string;
    name: string | null;
    days: number;
    expires_at: Date;
    revoked_at: Date | null;
    uses: number;
    created_at: Date;
  }>(
    `SELECT s.code, s.kind, coalesce(t.name, c.name) AS name, s.days, s.expires_at, s.revoked_at, s.uses, s.created_at
       FROM shares s
       LEFT JOIN templates t ON s.kind = 'template' AND t.id = s.target_id AND t.user_id = s.user_id
       LEFT JOIN template_classes c ON s.kind = 'folder' AND c.id = s.target_id AND c.user_id = s.user_id
      WHERE s.user_id = $1 ORDER BY s.created_at`,
    [user.id],
  );
  const added = await db.query<{ code: string; kind: string; owner: string; created_at: Date }>(
    `SELECT s.code, s.kind, o.nickname AS owner, r.created_at FROM share_redemptions r
       JOIN shares s ON s.id = r.share_id JOIN users o ON o.id = s.user_id
      WHERE r.user_id = $1 ORDER BY r.created_at`,
    [user.id],
  );
  await addText(
    "shares.json",
    JSON.stringify(
      {
        given: given.map((s) => ({
          code: s.code,
          kind: s.kind,
          name: s.name ?? "",
          days: s.days,
          expires: formatTime(s.expires_at),
          revoked: formatTime(s.revoked_at),
          uses: s.uses,
          created: formatTime(s.created_at),
        })),
        added: added.map((s) => ({
          code: s.code,
          kind: s.kind,
          owner: s.owner,
          added: formatTime(s.created_at),
        })),
      },
      null,
      2,
    ),
  );
  zip.end();
  if (failed) throw failed;
}
