// The GS1 application identifiers the builder offers (GS1 General Specifications §3.2), with the
// format rules each value must meet. Pure data: no DOM, no encoder.

/** N: digits only; X: GS1 AI encodable character set 82. */
export type AiCharset = "N" | "X";

/** How an AI takes part in a GS1 Digital Link URI (GS1 Digital Link standard §4). */
export type DigitalLinkRole = "key" | "qualifier" | "attribute";

export interface AiSpec {
  /** the AI itself, 2–4 digits */
  readonly ai: string;
  /** name key of `codes.gs1.ai.*` (AIs of one family, such as 310n, share one) */
  readonly nameKey: string;
  readonly charset: AiCharset;
  readonly min: number;
  readonly max: number;
  /** the last digit is a GS1 mod-10 check digit */
  readonly check?: boolean;
  /** YYMMDD; DD may be 00 (any day of the month) */
  readonly date?: boolean;
  /** the fourth digit of an AI like 310n: decimal places of the value */
  readonly decimals?: number;
  readonly dl: DigitalLinkRole;
  /** Digital Link: the qualifiers this primary key takes, in path order */
  readonly qualifiers?: readonly string[];
}

const fixedN = (ai: string, nameKey: string, len: number, extra: Partial<AiSpec> = {}): AiSpec => ({
  ai,
  nameKey,
  charset: "N",
  min: len,
  max: len,
  dl: "attribute",
  ...extra,
});
const varX = (ai: string, nameKey: string, max: number, dl: DigitalLinkRole = "attribute"): AiSpec => ({
  ai,
  nameKey,
  charset: "X",
  min: 1,
  max,
  dl,
});
const date = (ai: string, nameKey: string): AiSpec => fixedN(ai, nameKey, 6, { date: true });
/** 310n-style measures: n decimal places, six digits. */
const measure = (family: string, nameKey: string): AiSpec[] =>
  [0, 1, 2, 3, 4, 5].map((n) => fixedN(`${family}${n}`, nameKey, 6, { decimals: n }));

const LIST: readonly AiSpec[] = [
  fixedN("00", "codes.gs1.ai.00", 18, { check: true, dl: "key" }),
  fixedN("01", "codes.gs1.ai.01", 14, { check: true, dl: "key", qualifiers: ["22", "10", "21"] }),
  fixedN("02", "codes.gs1.ai.02", 14, { check: true }),
  varX("10", "codes.gs1.ai.10", 20, "qualifier"),
  date("11", "codes.gs1.ai.11"),
  date("12", "codes.gs1.ai.12"),
  date("13", "codes.gs1.ai.13"),
  date("15", "codes.gs1.ai.15"),
  date("16", "codes.gs1.ai.16"),
  date("17", "codes.gs1.ai.17"),
  fixedN("20", "codes.gs1.ai.20", 2),
  varX("21", "codes.gs1.ai.21", 20, "qualifier"),
  varX("22", "codes.gs1.ai.22", 20, "qualifier"),
  varX("240", "codes.gs1.ai.240", 30),
  varX("241", "codes.gs1.ai.241", 30),
  { ...fixedN("30", "codes.gs1.ai.30", 8), min: 1 },
  ...measure("310", "codes.gs1.ai.310n"),
  ...measure("320", "codes.gs1.ai.320n"),
  ...measure("330", "codes.gs1.ai.330n"),
  { ...fixedN("37", "codes.gs1.ai.37", 8), min: 1 },
  varX("400", "codes.gs1.ai.400", 30),
  fixedN("410", "codes.gs1.ai.410", 13, { check: true }),
  fixedN("411", "codes.gs1.ai.411", 13, { check: true }),
  fixedN("412", "codes.gs1.ai.412", 13, { check: true }),
  fixedN("413", "codes.gs1.ai.413", 13, { check: true }),
  fixedN("414", "codes.gs1.ai.414", 13, { check: true, dl: "key", qualifiers: ["254"] }),
  varX("254", "codes.gs1.ai.254", 20, "qualifier"),
  fixedN("422", "codes.gs1.ai.422", 3),
  varX("8200", "codes.gs1.ai.8200", 70),
];

const BY_AI = new Map(LIST.map((s) => [s.ai, s]));

/** Every AI the builder offers, in the order of the GS1 General Specifications. */
export const GS1_AIS: readonly AiSpec[] = LIST;

export function aiSpec(ai: string): AiSpec | undefined {
  return BY_AI.get(ai);
}

/**
 * AIs whose length is predefined by their first two digits (GS1 General Specifications, figure
 * 5.10.1-2): no FNC1 separator is needed after them. Every other AI, variable-length or not, is
 * followed by a GS / FNC1 unless it is the last one.
 */
const PREDEFINED_LENGTH = new Set([
  "00",
  "01",
  "02",
  "03",
  "04",
  "11",
  "12",
  "13",
  "14",
  "15",
  "16",
  "17",
  "18",
  "19",
  "20",
  "31",
  "32",
  "33",
  "34",
  "35",
  "36",
  "41",
]);

export function needsSeparator(ai: string): boolean {
  return !PREDEFINED_LENGTH.has(ai.slice(0, 2));
}
