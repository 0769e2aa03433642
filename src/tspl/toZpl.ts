// A TSPL job → ZPL, read back by our ZPL reader (src/zpl): the print dialog's preview of what a TSPL
// printer prints, and the tests' reading of our TSPL writers. It follows TSC's TSPL/TSPL2 manual, not
// our writers (src/print/native/tspl.ts), so a test that checks the writers against it stays a
// check. Runs the job as a printer would: CLS clears the image buffer, PRINT prints it (one ZPL
// format each), DOWNLOAD keeps a file (a font, a BMP) or a program (`NAME.BAS` … `EOP`), a line
// `V1$="…"` sets a variable, a line naming a program runs it, and a command whose last parameter is
// a variable takes its value. What it does not draw is listed (command, count), never dropped silently.
import type { ZplUnknown } from "../zpl/interpret";
import { ZPL_MAX_BYTES } from "../zpl/limits";
import { aztecField, barcodeField, dmatrixField, pdf417Field, qrField } from "./codes";
import { bitmapField, bmpField } from "./graphics";
import { TSPL_MAX_BYTES, TSPL_MAX_LABELS, TSPL_MAX_LISTED, TSPL_MAX_RUNS, tsplError } from "./limits";
import { SHAPES, shapeField } from "./shapes";
import { textField } from "./text";
import { splitCommand, tsplTokens, unquoted } from "./tokens";

export interface TsplZpl {
  /** ~DY of each downloaded font a TEXT used, to go before the labels */
  readonly fonts: string;
  /** each PRINT's label as one ZPL format (^XA … ^XZ) */
  readonly labels: readonly string[];
  /** commands read but not drawn (command, count) */
  readonly unknown: readonly ZplUnknown[];
}

/** Commands that set the printer up or move paper: read, nothing to draw (SIZE and CODEPAGE are read). */
const SETUP = new Set([
  "SIZE",
  "GAP",
  "BLINE",
  "OFFSET",
  "SPEED",
  "DENSITY",
  "DIRECTION",
  "REFERENCE",
  "SHIFT",
  "CODEPAGE",
  "SET",
  "LIMITFEED",
  "SOUND",
  "HOME",
  "FEED",
  "BACKFEED",
  "FORMFEED",
  "CUT",
  "EOJ",
  "DELAY",
  "KILL",
  "INITIALPRINTER",
  "GAPDETECT",
  "BLINEDETECT",
  "AUTODETECT",
]);

const VARIABLE = /^[A-Z][A-Z0-9]*\$$/i;
const ASSIGNMENT = /^([A-Z][A-Z0-9]*\$)\s*=\s*(".*")$/i;

/** A length of SIZE ("50 mm", "2" inches, "400 dot") in dots at `dpi`. */
function sizeDots(p: string | undefined, dpi: number): number {
  const m = /^(\d+(?:\.\d+)?)\s*(mm|dot)?$/i.exec((p ?? "").trim());
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  const unit = (m[2] ?? "").toLowerCase();
  return Math.round(unit === "dot" ? v : unit === "mm" ? (v * dpi) / 25.4 : v * dpi);
}

const HEX = "0123456789ABCDEF";

export function tsplToZpl(
  bytes: Uint8Array,
  opts: { readonly dpi?: number; readonly size?: { readonly width: number; readonly height: number } } = {},
): TsplZpl {
  if (bytes.length > TSPL_MAX_BYTES)
    throw tsplError("tspl.error.tooLarge", { limit: Math.round(TSPL_MAX_BYTES / 1024 / 1024) });
  const dpi = opts.dpi ?? 203;
  let size = opts.size ?? { width: 812, height: 1218 };
  const files = new Map<string, Uint8Array>();
  const programs = new Map<string, Uint8Array>();
  const variables = new Map<string, string>();
  const fonts = new Map<string, string>();
  const unknown = new Map<string, number>();
  const labels: string[] = [];
  let fields: string[] = [];
  let utf8 = false;
  let runs = 0;
  // the ZPL written so far: a label holds every field since the last CLS, so PRINTs without CLS
  // could repeat a job's fields hundreds of times; past what the ZPL reader reads, it is too large
  let written = 0;
  const write = (zpl: string) => {
    written += zpl.length;
    if (written > ZPL_MAX_BYTES)
      throw tsplError("tspl.error.tooLarge", { limit: Math.round(TSPL_MAX_BYTES / 1024 / 1024) });
    return zpl;
  };

  const note = (command: string) => {
    const name = /^[\x21-\x7e]{1,20}$/.test(command) ? command : "?";
    const key = unknown.has(name) || unknown.size < TSPL_MAX_LISTED ? name : "?";
    unknown.set(key, (unknown.get(key) ?? 0) + 1);
  };
  const decode = (s: string) =>
    new TextDecoder(utf8 ? "utf-8" : "windows-1252").decode(Uint8Array.from(s, (c) => c.charCodeAt(0)));
  const fontUsed = (name: string, file: Uint8Array) => {
    if (fonts.has(name)) return;
    let hex = "";
    for (const b of file) hex += HEX[b >> 4] + HEX[b & 15];
    fonts.set(name, write(`~DYR:${name.replace(/\.TTF$/i, "")},A,T,${file.length},,${hex}\n`));
  };

  const command = (line: string) => {
    const assignment = ASSIGNMENT.exec(line.trim());
    if (assignment) {
      variables.set(assignment[1].toUpperCase(), assignment[2]);
      return;
    }
    const call = programs.get(line.trim().toUpperCase());
    if (call) {
      if (++runs > TSPL_MAX_RUNS) throw tsplError("tspl.error.programLoop", { max: TSPL_MAX_RUNS });
      run(call);
      return;
    }
    const { name, params } = splitCommand(line);
    // a variable as the last parameter: its value (a printer template's call)
    const last = params.length - 1;
    if (last >= 0 && VARIABLE.test(params[last]))
      params[last] = variables.get(params[last].toUpperCase()) ?? '""';
    const content = unquoted(params[last]);
    const data = content === null ? "" : decode(content);
    let field: string | null = null;
    if (name === "CLS") fields = [];
    else if (name === "PRINT") {
      const copies = Math.max(1, Number(params[0]) || 1) * Math.max(1, Number(params[1]) || 1);
      if (labels.length >= TSPL_MAX_LABELS)
        throw tsplError("tspl.error.tooManyLabels", { max: TSPL_MAX_LABELS });
      const pq = copies > 1 ? `^PQ${copies}` : "";
      labels.push(
        write(`^XA^PW${size.width}^LL${size.height}\n${fields.map((f) => `${f}\n`).join("")}${pq}^XZ\n`),
      );
    } else if (name === "SIZE") {
      const [width, height] = [sizeDots(params[0], dpi), sizeDots(params[1], dpi)];
      if (width > 0) size = { width, height: height > 0 ? height : size.height };
      else note(name);
    } else if (name === "CODEPAGE") utf8 = /^UTF-?8$/i.test(params[0] ?? "");
    else if (SETUP.has(name)) return;
    else if (SHAPES.has(name)) field = shapeField(name, params);
    else if (content === null) field = null;
    else if (name === "TEXT") field = textField(params, data, { dpi, width: size.width, files, fontUsed });
    else if (name === "BARCODE") field = barcodeField(params, data);
    else if (name === "QRCODE") field = qrField(params, data);
    else if (name === "DMATRIX") field = dmatrixField(params, data);
    else if (name === "PDF417") field = pdf417Field(params, data);
    else if (name === "AZTEC") field = aztecField(params, data);
    else if (name === "PUTBMP") {
      const file = files.get(content);
      const [x, y] = [Number(params[0]), Number(params[1])];
      field = file && Number.isInteger(x) && Number.isInteger(y) ? bmpField(x, y, file) : null;
    }
    if (field) fields.push(field);
    else if (name !== "CLS" && name !== "PRINT" && name !== "SIZE" && name !== "CODEPAGE") note(name);
  };

  const run = (job: Uint8Array) => {
    for (const token of tsplTokens(job)) {
      if (token.kind === "file") {
        if (token.data) files.set(token.name, token.data);
        else note("DOWNLOAD");
      } else if (token.kind === "program") {
        if (token.body) programs.set(token.name.toUpperCase(), token.body);
        else note("DOWNLOAD");
      } else if (token.kind === "bitmap") {
        const [x, y, wb, h] = token.params;
        if (token.data && wb > 0 && h > 0) fields.push(bitmapField(x, y, wb, h, token.data));
        else note("BITMAP");
      } else {
        try {
          command(token.text);
        } catch (e) {
          // a limit is the job's error; any other failure (a damaged BMP, data a code cannot hold) leaves that command out
          if (e instanceof Error && e.name === "ZplError") throw e;
          note(splitCommand(token.text).name);
        }
      }
    }
  };
  run(bytes);
  return {
    fonts: [...fonts.values()].join(""),
    labels,
    unknown: [...unknown].map(([command, count]) => ({ command, count })),
  };
}

/** The job as one ZPL file: its fonts, then its labels. */
export const tsplZplText = (t: TsplZpl) => t.fonts + t.labels.join("");
