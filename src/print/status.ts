// A label printer's state, asked over its raw port: TSPL `<ESC>!?` answers one byte of flags, ZPL
// `~HS` answers three <STX>…<ETX> lines of comma-separated flags. One vocabulary for both (and for
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

/** The fields of ZPL's ~HS answer (three STX…ETX frames); null until all three have arrived. */
export function parseZplStatus(bytes: Uint8Array): PrinterStatus | null {
  const text = new TextDecoder("latin1").decode(bytes);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ZPL frames its answer with STX and ETX
  const frames = [...text.matchAll(/\x02([^\x02\x03]*)\x03/g)].map((m) => m[1].split(","));
  if (frames.length < 3) {
    // anything that is not the start of a frame is not a status
    // biome-ignore lint/suspicious/noControlCharactersInRegex: STX, ETX, CR and LF are what a frame holds
    return /^[\x02\x03\r\n0-9A-Za-z,]*$/.test(text) && text.length < 512
      ? null
      : { state: "garbled", problems: [] };
  }
  const [one, two] = frames;
  const flag = (f: string[], i: number) => {
    const v = f[i]?.trim();
    return v === "1" ? true : v === "0" ? false : null;
  };
  const fields = [flag(one, 1), flag(one, 2), flag(one, 5), flag(two, 2), flag(two, 3)];
  if (one.length < 12 || two.length < 11 || fields.some((v) => v === null))
    return { state: "garbled", problems: [] };
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
