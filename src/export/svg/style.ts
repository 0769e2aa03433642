// The presentation-attribute cascade of the portable SVG (docs/rendering.md): fill, stroke, dashes,
// joins and font inherit from the nearest ancestor that sets them, from SVG's initial values.

export type Join = "miter" | "round" | "bevel";
export type Anchor = "start" | "middle" | "end";

/**
 * The inherited properties as written (strings), carried down the tree; `paint` and `font` are
 * what a shape or text run below it is drawn with (resolved once per cascade, when first asked).
 */
export class Cascade {
  private p: Paint | undefined;
  private f: Font | undefined;
  constructor(
    readonly fill: string,
    readonly stroke: string,
    readonly strokeWidth: number,
    readonly dash: string,
    readonly join: string,
    readonly family: string,
    readonly bold: boolean,
    readonly size: number,
    readonly anchor: string,
  ) {}

  get paint(): Paint {
    if (this.p) return this.p;
    const fill = this.fill === "none" || this.fill === "transparent" ? null : this.fill;
    const join: Join = this.join === "round" || this.join === "bevel" ? this.join : "miter";
    const stroke =
      this.stroke === "none" || !(this.strokeWidth > 0)
        ? null
        : { color: this.stroke, width: this.strokeWidth, dash: dashArray(this.dash), join };
    this.p = { fill, stroke };
    return this.p;
  }

  get font(): Font {
    if (this.f) return this.f;
    const anchor = this.anchor === "middle" || this.anchor === "end" ? this.anchor : "start";
    this.f = { family: this.family, bold: this.bold, size: this.size, anchor };
    return this.f;
  }
}

/** SVG's initial values: black fill, no stroke, stroke width 1, 16 px, start. */
export const ROOT_CASCADE = new Cascade("#000000", "none", 1, "none", "miter", "", false, 16, "start");

/** A number attribute, or `d` when it is missing or not a finite number. */
export const num = (s: string | undefined, d = 0) => {
  const v = Number(s);
  return s !== undefined && Number.isFinite(v) ? v : d;
};

/** The family named by a `font-family` attribute (one family, maybe quoted). */
export const familyOf = (attr: string) => attr.replace(/^\s*['"]|['"]\s*$/g, "").trim();

/** The cascade below an element with attributes `a` (the same object when `a` sets none). */
export function cascade(s: Cascade, a: Readonly<Record<string, string>>): Cascade {
  if (
    a.fill === undefined &&
    a.stroke === undefined &&
    a["stroke-width"] === undefined &&
    a["font-family"] === undefined &&
    a["font-size"] === undefined &&
    a["font-weight"] === undefined &&
    a["stroke-dasharray"] === undefined &&
    a["stroke-linejoin"] === undefined &&
    a["text-anchor"] === undefined
  )
    return s;
  const weight = a["font-weight"];
  return new Cascade(
    a.fill ?? s.fill,
    a.stroke ?? s.stroke,
    num(a["stroke-width"], s.strokeWidth),
    a["stroke-dasharray"] ?? s.dash,
    a["stroke-linejoin"] ?? s.join,
    a["font-family"] !== undefined ? familyOf(a["font-family"]) : s.family,
    weight !== undefined ? /^(bold|bolder|[6-9]00)$/.test(weight) : s.bold,
    num(a["font-size"], s.size),
    a["text-anchor"] ?? s.anchor,
  );
}

export interface Stroke {
  /** the colour as written */
  readonly color: string;
  readonly width: number;
  /** dash and gap lengths, even count; empty: solid */
  readonly dash: readonly number[];
  readonly join: Join;
}

/** How a shape or text run is painted, resolved: null fill / stroke paints nothing. */
export interface Paint {
  /** the colour as written; null for none or transparent */
  readonly fill: string | null;
  readonly stroke: Stroke | null;
}

export interface Font {
  readonly family: string;
  readonly bold: boolean;
  readonly size: number;
  readonly anchor: Anchor;
}

/** An SVG dash array: even-length (an odd list is repeated), empty when absent, invalid or all gaps. */
export function dashArray(s: string): number[] {
  if (s === "none") return [];
  const d = s
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (!d.length || !d.every((v) => Number.isFinite(v) && v >= 0) || !d.some((v) => v > 0)) return [];
  return d.length % 2 ? [...d, ...d] : d;
}
