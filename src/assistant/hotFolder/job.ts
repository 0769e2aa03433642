// What a file dropped in the hot folder asks to print (docs/assistant.md "Hot folder"): a JSON file
// `{ template, printer, copies?, language?, records: [{ column: value }] }`, or a CSV file whose
// header row names the columns; what the file does not say (a CSV says none of it) comes from its
// sidecar `<name>.job.json` (`{ template, printer, copies?, language? }`). The template is a label
// file (.tprt) inside the hot folder, named by its path relative to it: an absolute path, a path
// leaving the folder (`..`, or a link pointing out of it) is refused. Every refusal is a
// RequestError: its message is the reason file's text, in the job's language.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { FieldRecord } from "../../data/recordSheets";
import { isLanguage } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import { JOB_LIMITS } from "../../print/plan";
import { parseSpreadsheet } from "../../spreadsheet";
import { RequestError } from "../protocol";

/** A file larger than this is refused unread (20 MB: a hundred thousand rows of a few columns). */
export const HOT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** A field value's length (as the print API's). */
const MAX_VALUE_CHARS = 1000;

export interface HotJob {
  /** the template's path relative to the hot folder, as the file named it */
  readonly template: string;
  readonly printer: string;
  readonly copies: number;
  readonly language?: Language;
  readonly records: readonly FieldRecord[];
}

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new RequestError(`print.hotFolder.${key}`, vars);

/** The sidecar's name of a dropped file: `orders.csv` → `orders.job.json`. */
export const sidecarName = (name: string) => `${name.replace(/\.[^.]*$/, "")}.job.json`;

/** Is this a data file the hot folder prints (not a sidecar)? */
export const isJobFile = (name: string) => /\.(csv|json)$/i.test(name) && !isSidecar(name);
export const isSidecar = (name: string) => /\.job\.json$/i.test(name);
/** A label file: a template jobs may name, left in the folder. */
export const isTemplateFile = (name: string) => /\.tprts?$/i.test(name);

function objectOf(text: string, onBad: () => RequestError): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw onBad();
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) throw onBad();
  return v as Record<string, unknown>;
}

function recordsOf(v: unknown): FieldRecord[] {
  if (!Array.isArray(v)) throw fail("records", { n: 1 });
  if (v.length > JOB_LIMITS.maxRecords)
    throw new RequestError("print.assistant.tooMany.records", { max: JOB_LIMITS.maxRecords });
  return v.map((r, i) => {
    if (!r || typeof r !== "object" || Array.isArray(r)) throw fail("records", { n: i + 1 });
    const out: Record<string, string> = Object.create(null);
    for (const [k, x] of Object.entries(r)) {
      if (typeof x !== "string" && !(typeof x === "number" && Number.isFinite(x)))
        throw fail("records", { n: i + 1 });
      const s = String(x);
      if (s.length > MAX_VALUE_CHARS) throw fail("records", { n: i + 1 });
      out[k] = s;
    }
    return out;
  });
}

/** CSV rows as records: the first row names the columns; blank rows are skipped. */
async function csvRecords(bytes: Uint8Array, name: string): Promise<FieldRecord[]> {
  const parsed = await parseSpreadsheet(bytes, name);
  if (!parsed.ok) throw new RequestError(parsed.error.key, parsed.error.vars ?? {});
  const [header = [], ...rows] = parsed.workbook.sheets[0]?.data ?? [];
  return rows
    .filter((row) => row.some((c) => c.trim() !== ""))
    .map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ""])));
}

/**
 * The job a dropped file asks for. `bytes`: the file; `sidecar`: its sidecar's text, or null when
 * there is none.
 */
export async function readHotJob(name: string, bytes: Uint8Array, sidecar: string | null): Promise<HotJob> {
  const side =
    sidecar === null ? {} : objectOf(sidecar, () => fail("badSidecar", { sidecar: sidecarName(name) }));
  let own: Record<string, unknown> = {};
  let records: FieldRecord[];
  if (/\.json$/i.test(name)) {
    own = objectOf(new TextDecoder().decode(bytes), () => fail("badJson", { name }));
    records = recordsOf(own.records);
  } else records = await csvRecords(bytes, name);
  if (records.length === 0) throw fail("noRecords");
  const pick = (k: string) => own[k] ?? side[k];
  const template = pick("template");
  const printer = pick("printer");
  if (typeof template !== "string" || !template.trim())
    throw fail("noTemplate", { sidecar: sidecarName(name) });
  if (typeof printer !== "string" || !printer.trim()) throw fail("noPrinter", { sidecar: sidecarName(name) });
  const copies = pick("copies") ?? 1;
  if (!Number.isInteger(copies) || (copies as number) < 1 || (copies as number) > JOB_LIMITS.maxCopies)
    throw fail("copies", { max: JOB_LIMITS.maxCopies });
  const language = pick("language");
  return {
    template: template.trim(),
    printer: printer.trim(),
    copies: copies as number,
    ...(isLanguage(language) ? { language } : {}),
    records,
  };
}

/** The text of the template a job names: a file inside `dir` (its real path too, links resolved). */
export function readTemplate(dir: string, path: string): string {
  const root = realpathSync(dir);
  const inside = (p: string) => {
    const rel = relative(root, p);
    return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
  };
  if (isAbsolute(path) || path.includes("\0") || !inside(resolve(root, path)))
    throw fail("templateOutside", { path });
  let real: string;
  try {
    real = realpathSync(join(root, path));
  } catch {
    throw fail("templateMissing", { path });
  }
  if (!inside(real)) throw fail("templateOutside", { path });
  if (statSync(real).size > HOT_FILE_MAX_BYTES)
    throw fail("tooLarge", { max: HOT_FILE_MAX_BYTES / 1024 / 1024 });
  try {
    return readFileSync(real, "utf8");
  } catch {
    throw fail("templateMissing", { path });
  }
}
