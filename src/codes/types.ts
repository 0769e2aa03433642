// Module descriptions produced by the encoders: geometry in modules, no units, no DOM.

/** One dark bar of a linear code. x and w in modules; y0/y1 are fractions of the bar height (0 top). */
export interface Bar {
  readonly x: number;
  readonly w: number;
  readonly y0: number;
  readonly y1: number;
}

/** A run of human-readable text placed under (or over) a module range, used by EAN/UPC layouts. */
export interface HriGroup {
  readonly text: string;
  /** module range the text is centred in; may lie in the quiet zone (EAN-13 first digit) */
  readonly x0: number;
  readonly x1: number;
}

export interface LinearCode {
  readonly dim: 1;
  /** symbol width in modules, without quiet zones */
  readonly width: number;
  readonly bars: readonly Bar[];
  /** quiet zone in modules on each side */
  readonly quiet: readonly [number, number];
  /** the human-readable line (data plus any computed check digits) */
  readonly text: string;
  /** EAN/UPC: digits grouped under their halves; bars listed in `guards` extend into the text band */
  readonly groups?: readonly HriGroup[];
  /** indexes into `bars` of the guard bars that extend down */
  readonly guards?: readonly number[];
}

export interface MatrixCode {
  readonly dim: 2;
  readonly cols: number;
  readonly rows: number;
  /** row-major, 1 = dark */
  readonly bits: Uint8Array;
  /** height of one module divided by its width (PDF417 rows are 3 modules tall) */
  readonly aspect: number;
  /** quiet zone in modules on each side */
  readonly quiet: number;
  /** the encoded content, shown as the human-readable line */
  readonly text: string;
  /** QR with a centre image: the light square (in modules) the image is drawn over */
  readonly hole?: { readonly x: number; readonly y: number; readonly size: number };
}

export type CodeModules = LinearCode | MatrixCode;

/** A generation failure with a translation key; detail is the encoder's own text (after a colon, tip111). */
export class CodeError extends Error {
  readonly key: string;
  readonly vars: Readonly<Record<string, string | number>>;
  readonly detail?: string;
  constructor(key: string, vars: Record<string, string | number> = {}, detail?: string) {
    super(detail ? `${key}: ${detail}` : key);
    this.name = "CodeError";
    this.key = key;
    this.vars = vars;
    this.detail = detail;
  }
}

export function isCodeError(e: unknown): e is CodeError {
  return e instanceof CodeError;
}
