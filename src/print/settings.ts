// A label printer's own settings (darkness, speed, media, method, direction, offsets, what happens
// after a label) and the commands that set them, in TSPL and in ZPL. One definition of the ranges,
// read by the assistant's printer entries, the CLI's options and the print dialog.
import { mmToDots } from "../model/units";
import type { PrinterLanguage } from "./job";

export type MediaType = "gap" | "mark" | "continuous";
export type PrintMethod = "direct" | "transfer";
export type PostPrint = "tear" | "cut" | "peel";
/** How labels go to the printer: one exact picture of the label, the printer's own commands for
 * what it draws (codes, boxes, lines) with a picture of the rest (native/page.ts), or "auto" (the
 * default, also when unset): the printer's commands for a page only where they draw the same dots
 * as the picture (native/equivalent.ts), else the picture. */
export type SendAs = "auto" | "picture" | "native";

export interface PrinterSettings {
  /** darkness in the printer's own scale: TSPL DENSITY 0–15, ZPL ~SD 0–30 */
  readonly darkness?: number;
  /** print speed in inches per second */
  readonly speed?: number;
  /** how the printer finds the next label */
  readonly media?: MediaType;
  /** the gap between labels, or the black mark's height, in mm */
  readonly gapMm?: number;
  /** the gap's or mark's offset from the label's edge, in mm */
  readonly markOffsetMm?: number;
  /** direct thermal (no ribbon) or thermal transfer (ribbon) */
  readonly method?: PrintMethod;
  /** 0: as designed; 1: turned 180° (the label comes out the other way round) */
  readonly direction?: 0 | 1;
  /** where the printer's origin is moved, in mm (positive: down, right) */
  readonly topOffsetMm?: number;
  readonly leftOffsetMm?: number;
  /** what the printer does after a label */
  readonly postPrint?: PostPrint;
  /** with the cutter: cut after every N labels */
  readonly cutEvery?: number;
  /** auto (the default: the printer's commands where they print the same), picture or the printer's commands */
  readonly sendAs?: SendAs;
}

/** The settings a user may change for one job in the print dialog or on the command line. */
export type JobSettings = Pick<PrinterSettings, "darkness" | "speed" | "media">;

export const MEDIA_TYPES: readonly MediaType[] = ["gap", "mark", "continuous"];
export const PRINT_METHODS: readonly PrintMethod[] = ["direct", "transfer"];
export const POST_PRINT: readonly PostPrint[] = ["tear", "cut", "peel"];
export const SEND_AS: readonly SendAs[] = ["auto", "picture", "native"];

/** Each numeric setting's range (darkness depends on the language). */
export const SETTING_RANGES = {
  darkness: { TSPL: [0, 15], ZPL: [0, 30] },
  speed: [1, 14],
  gapMm: [0, 25],
  markOffsetMm: [-10, 10],
  topOffsetMm: [-10, 10],
  leftOffsetMm: [-10, 10],
  cutEvery: [1, 9999],
} as const;

export type SettingProblem = {
  readonly setting: keyof PrinterSettings;
  readonly min?: number;
  readonly max?: number;
};

const finite = (v: unknown) =>
  typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;

/**
 * The settings in `v` that are valid for `language`, and what was wrong with the others. Missing
 * settings are left to the printer; a bad value is never sent.
 */
export function printerSettingsOf(
  v: unknown,
  language: PrinterLanguage,
): { settings: PrinterSettings; problems: SettingProblem[] } {
  const o = v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  const problems: SettingProblem[] = [];
  const number = (key: keyof PrinterSettings, [min, max]: readonly [number, number], whole: boolean) => {
    if (o[key] === undefined || o[key] === null || o[key] === "") return;
    const n = finite(o[key]);
    if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
      problems.push({ setting: key, min, max });
      return;
    }
    out[key] = whole ? n : Math.round(n * 100) / 100;
  };
  const choice = <T extends string>(key: keyof PrinterSettings, list: readonly T[]) => {
    if (o[key] === undefined || o[key] === null || o[key] === "") return;
    if (list.includes(o[key] as T)) out[key] = o[key];
    else problems.push({ setting: key });
  };
  number("darkness", SETTING_RANGES.darkness[language], true);
  number("speed", SETTING_RANGES.speed, true);
  choice("media", MEDIA_TYPES);
  number("gapMm", SETTING_RANGES.gapMm, false);
  number("markOffsetMm", SETTING_RANGES.markOffsetMm, false);
  choice("method", PRINT_METHODS);
  if (o.direction !== undefined && o.direction !== null && o.direction !== "") {
    const d = finite(o.direction);
    if (d === 0 || d === 1) out.direction = d;
    else problems.push({ setting: "direction" });
  }
  number("topOffsetMm", SETTING_RANGES.topOffsetMm, false);
  number("leftOffsetMm", SETTING_RANGES.leftOffsetMm, false);
  choice("postPrint", POST_PRINT);
  number("cutEvery", SETTING_RANGES.cutEvery, true);
  choice("sendAs", SEND_AS);
  return { settings: out as PrinterSettings, problems };
}

/** The printer's settings with a job's own darkness, speed and media on top. */
export function withJobSettings(printer: PrinterSettings, job: JobSettings | undefined): PrinterSettings {
  if (!job) return printer;
  const defined = Object.fromEntries(Object.entries(job).filter(([, v]) => v !== undefined));
  return { ...printer, ...defined };
}

const mm = (v: number) => String(Math.round(v * 100) / 100);
const dots = (valueMm: number, dpi: number) => Math.round(mmToDots(valueMm, dpi));

/**
 * TSPL's job header: SIZE, the media (GAP / BLINE, continuous as GAP 0,0), DIRECTION, then each
 * setting that is given, as TSPL's own command.
 */
export function tsplSettings(
  size: { width: number; height: number },
  s: PrinterSettings,
  dpi: number,
): string {
  const lines = [`SIZE ${mm(size.width)} mm,${mm(size.height)} mm`];
  const gap = s.gapMm ?? 2;
  const offset = s.markOffsetMm ?? 0;
  if (s.media === "continuous") lines.push("GAP 0 mm,0 mm");
  else if (s.media === "mark") lines.push(`BLINE ${mm(gap)} mm,${mm(offset)} mm`);
  else lines.push(`GAP ${mm(gap)} mm,${mm(offset)} mm`);
  lines.push(`DIRECTION ${s.direction ?? 0}`);
  if (s.darkness !== undefined) lines.push(`DENSITY ${s.darkness}`);
  if (s.speed !== undefined) lines.push(`SPEED ${s.speed}`);
  if (s.method) lines.push(`SET RIBBON ${s.method === "transfer" ? "ON" : "OFF"}`);
  if (s.topOffsetMm !== undefined || s.leftOffsetMm !== undefined)
    lines.push(`REFERENCE ${dots(s.leftOffsetMm ?? 0, dpi)},${dots(s.topOffsetMm ?? 0, dpi)}`);
  if (s.postPrint === "cut") lines.push(`SET PEEL OFF`, `SET TEAR OFF`, `SET CUTTER ${s.cutEvery ?? 1}`);
  else if (s.postPrint === "peel") lines.push("SET CUTTER OFF", "SET TEAR OFF", "SET PEEL ON");
  else if (s.postPrint === "tear") lines.push("SET CUTTER OFF", "SET PEEL OFF", "SET TEAR ON");
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * ZPL's settings, written into each label format (after ^XA) so every label carries them whatever
 * the printer held before: ^MN media, ^MT method, ^PR speed, ^PO direction, ^LT/^LS offsets, ^MM
 * post-print action. Darkness (~SD) is a tilde command: `zplJobStart` sends it once.
 */
export function zplFormatSettings(s: PrinterSettings, dpi: number): string {
  let out = "";
  if (s.media) {
    const offset = s.media === "mark" && s.markOffsetMm ? `,${dots(s.markOffsetMm, dpi)}` : "";
    out += `^MN${s.media === "continuous" ? "N" : s.media === "mark" ? "M" : "Y"}${offset}`;
  }
  if (s.method) out += `^MT${s.method === "transfer" ? "T" : "D"}`;
  if (s.speed !== undefined) out += `^PR${s.speed}`;
  if (s.direction !== undefined) out += `^PO${s.direction === 1 ? "I" : "N"}`;
  if (s.topOffsetMm !== undefined) out += `^LT${dots(s.topOffsetMm, dpi)}`;
  // ^LS shifts everything left; a positive left offset moves the print right
  if (s.leftOffsetMm !== undefined) out += `^LS${-dots(s.leftOffsetMm, dpi)}`;
  if (s.postPrint) {
    const mode =
      s.postPrint === "peel" ? "P" : s.postPrint === "tear" ? "T" : (s.cutEvery ?? 1) > 1 ? "D" : "C";
    out += `^MM${mode}`;
  }
  return out;
}

/** ZPL's commands before the job's first label: darkness (~SD). */
export function zplJobStart(s: PrinterSettings): string {
  return s.darkness === undefined ? "" : `~SD${String(s.darkness).padStart(2, "0")}\n`;
}

/**
 * After a page that took the label count from `before` to `after`, with a delayed cutter and "cut
 * every N": ZPL's cut-now command (~JK) when a multiple of N was passed. TSPL's SET CUTTER N does
 * this by itself.
 */
export function zplAfterLabel(s: PrinterSettings, before: number, after: number): string {
  const every = s.cutEvery ?? 1;
  if (s.postPrint !== "cut" || every <= 1) return "";
  return Math.floor(after / every) > Math.floor(before / every) ? "~JK\n" : "";
}

/** The command that makes the printer measure its labels (gap or mark) again. */
export function calibrationCommand(language: PrinterLanguage, media: MediaType | undefined): string {
  if (language === "ZPL") return "~JC\n";
  if (media === "mark") return "BLINEDETECT\r\n";
  if (media === "continuous") return "AUTODETECT\r\n";
  return "GAPDETECT\r\n";
}
