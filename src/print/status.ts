// A label printer's state, asked over its raw port: TSPL `<ESC>!?` answers one byte of flags, ZPL
// `~HQES` its error and warning bit flags and `~HS` three <STX>…<ETX> lines of comma-separated flags. One vocabulary for both (and for
// the app, the CLI and the assistant's queue), each state with a message in every language
// (`print.status.<state>` / `print.problem.<problem>`). Pure: the asking is statusQuery.ts (Node).

/** What keeps a printer from printing. */
export type PrinterProblem =
  | "paperOut"
  | "ribbonOut"
  | "headOpen"
  | "paused"
  | "paperJam"
  | "coverOpen"
  | "tooHot"
  | "bufferFull"
  /** the spooler says "error" and no more */
  | "error";

export type PrinterState =
  /** it answered and can print */
  | "ready"
  /** it answered and is printing */
  | "printing"
  /** it answered with one or more problems */
  | "problem"
  /** nothing listens at that address */
  | "offline"
  /** it took the connection but did not answer the query in time (some printers never do) */
  | "noAnswer"
  /** it answered something that is not a status */
  | "garbled";

export interface PrinterStatus {
  readonly state: PrinterState;
  readonly problems: readonly PrinterProblem[];
  /** ZPL: labels left in the batch being printed */
  readonly remaining?: number;
  /** ZPL: label formats received and not yet printed (the print queue waits for 0) */
  readonly buffered?: number;
}

export const PRINTER_STATES: readonly PrinterState[] = [
  "ready",
  "printing",
  "problem",
  "offline",
  "noAnswer",
  "garbled",
];
export const PRINTER_PROBLEMS: readonly PrinterProblem[] = [
  "paperOut",
  "ribbonOut",
  "headOpen",
  "paused",
  "paperJam",
  "coverOpen",
  "tooHot",
  "bufferFull",
  "error",
];

/** A status another program sent (a cloud device's report), checked: null when it is not one.
 * Unknown problems are dropped; a "problem" left with none is not a status. */
export function printerStatusOf(v: unknown): PrinterStatus | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const state = PRINTER_STATES.find((s) => s === o.state);
  if (!state) return null;
  const problems = Array.isArray(o.problems)
    ? PRINTER_PROBLEMS.filter((p) => (o.problems as unknown[]).includes(p))
    : [];
  if (state === "problem" && !problems.length) return null;
  return { state, problems: state === "problem" ? problems : [] };
}

/** A printer that says it cannot print; "no answer" is not a refusal (many printers never answer). */
export const refusesJobs = (s: PrinterStatus) => s.state === "problem" || s.state === "offline";

/** The message keys that say a status: its problems ("paper out", "print head open"), or its state. */
export function statusKeys(s: PrinterStatus): string[] {
  return s.state === "problem" ? s.problems.map((p) => `print.problem.${p}`) : [`print.status.${s.state}`];
}

const TSPL_BITS: readonly [number, PrinterProblem][] = [
  [0x01, "headOpen"],
  [0x02, "paperJam"],
  [0x04, "paperOut"],
  [0x08, "ribbonOut"],
  [0x10, "paused"],
  [0x40, "coverOpen"],
  [0x80, "tooHot"],
];

/** TSPL's one status byte; null until it has arrived. */
export function parseTsplStatus(bytes: Uint8Array): PrinterStatus | null {
  if (bytes.length < 1) return null;
  if (bytes.length > 1) return { state: "garbled", problems: [] };
  const b = bytes[0];
  const problems = TSPL_BITS.filter(([bit]) => b & bit).map(([, p]) => p);
  if (problems.length) return { state: "problem", problems };
  return { state: b & 0x20 ? "printing" : "ready", problems: [] };
}

/** ZPL's ~HQES error flags (group 1: the last eight hex digits of its ERRORS line, Zebra's ZPL
 * guide) that say a problem of ours; any other error bit (cutter fault, bad head element, black
 * mark not found…) is "error". Warnings (clean the head, paper almost out…) do not stop printing
 * and are not shown. */
const HQES_ERRORS: readonly [number, PrinterProblem][] = [
  [0x00000001, "paperOut"],
  [0x00000002, "ribbonOut"],
  [0x00000004, "headOpen"],
  [0x00000010, "tooHot"], // the print head
  [0x00000020, "tooHot"], // the motor
  [0x00001000, "paperJam"],
  [0x00010000, "paused"],
];
const HQES_KNOWN = HQES_ERRORS.reduce((m, [bit]) => m | bit, 0);

// "ERRORS: 1 00000000 00000005" then "WARNINGS: 0 00000000 00000000": a flag, group 2, group 1
const HQES_ANSWER =
  /ERRORS:[ \t]*([01])[ \t]+([0-9A-F]{8})[ \t]+([0-9A-F]{8})\s+WARNINGS:[ \t]*([01])[ \t]+[0-9A-F]{8}[ \t]+[0-9A-F]{8}/i;

/** The problems of ZPL's ~HQES answer (PRINTER STATUS with its ERRORS and WARNINGS lines), or null
 * when `text` holds no whole, well-formed one. */
export function hqesProblems(text: string): PrinterProblem[] | null {
  const m = HQES_ANSWER.exec(text);
  if (!m) return null;
  const bits = Number.parseInt(m[3], 16) | Number.parseInt(m[2], 16);
  if (m[1] === "0" && bits) return null; // "no error" with error bits: not an answer we can trust
  const problems = HQES_ERRORS.filter(([bit]) => bits & bit).map(([, p]) => p);
  if (bits & ~HQES_KNOWN) problems.push("error");
  return PRINTER_PROBLEMS.filter((p) => problems.includes(p));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ZPL frames its answers with STX and ETX
const FRAME = /\x02([^\x02\x03]*)\x03/g;
const isHqesFrame = (f: string) => /ERRORS:|PRINTER STATUS/i.test(f);

/**
 * ZPL's answer to `~HQES~HS` (statusQuery.ts asks both at once): ~HQES's error flags where the
 * printer knows the command (paper out, ribbon out, head open, paused, paper jam, too hot, other
 * errors), with ~HS's three STX…ETX frames (paper out, pause, buffer full, head up, ribbon out,
 * labels remaining, formats waiting); a printer without ~HQES answers ~HS alone, which is read as
 * before. Null until ~HS's three frames have arrived; `ended` (no more will come: the connection
 * closed or the time is up) reads what there is: ~HQES alone, else nothing (null).
 */
export function parseZplStatus(bytes: Uint8Array, ended = false): PrinterStatus | null {
  const text = new TextDecoder("latin1").decode(bytes);
  const all = [...text.matchAll(FRAME)].map((m) => m[1]);
  const extended = hqesProblems(all.find(isHqesFrame) ?? text);
  const frames = all.filter((f) => !isHqesFrame(f)).map((f) => f.split(","));
  const fromHqes = (): PrinterStatus | null =>
    extended === null
      ? null
      : extended.length
        ? { state: "problem", problems: extended }
        : { state: "ready", problems: [] };
  if (frames.length < 3) {
    // anything that is not the start of an answer is not a status
    // biome-ignore lint/suspicious/noControlCharactersInRegex: STX, ETX, CR and LF are what a frame holds
    if (!/^[\x02\x03\r\n\t 0-9A-Za-z,:]*$/.test(text) || text.length >= 1024)
      return fromHqes() ?? { state: "garbled", problems: [] };
    return ended ? fromHqes() : null;
  }
  const hs = hostStatus(frames);
  if (!hs) return fromHqes() ?? { state: "garbled", problems: [] };
  if (!extended) return hs;
  // ~HQES says more problems (a jam, heat, other errors); ~HS what is left to print
  const problems = PRINTER_PROBLEMS.filter((p) => hs.problems.includes(p) || extended.includes(p));
  return problems.length ? { ...hs, state: "problem", problems } : hs;
}

/** ~HS's three frames read; null when their fields are not ~HS's. */
function hostStatus(frames: string[][]): PrinterStatus | null {
  const [one, two] = frames;
  const flag = (f: string[], i: number) => {
    const v = f[i]?.trim();
    return v === "1" ? true : v === "0" ? false : null;
  };
  const fields = [flag(one, 1), flag(one, 2), flag(one, 5), flag(two, 2), flag(two, 3)];
  if (one.length < 12 || two.length < 11 || fields.some((v) => v === null)) return null;
  const [paperOut, paused, bufferFull, headOpen, ribbonOut] = fields;
  const problems: PrinterProblem[] = [];
  if (paperOut) problems.push("paperOut");
  if (ribbonOut) problems.push("ribbonOut");
  if (headOpen) problems.push("headOpen");
  if (paused) problems.push("paused");
  if (bufferFull) problems.push("bufferFull");
  const remaining = Number(two[8]);
  const buffered = Number(one[4]);
  const left = {
    ...(Number.isInteger(remaining) && remaining >= 0 ? { remaining } : {}),
    ...(Number.isInteger(buffered) && buffered >= 0 ? { buffered } : {}),
  };
  if (problems.length) return { state: "problem", problems, ...left };
  return { state: remaining > 0 ? "printing" : "ready", problems: [], ...left };
}
