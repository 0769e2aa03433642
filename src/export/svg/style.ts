// The presentation-attribute cascade of the portable SVG (docs/rendering.md): fill, stroke, dashes,
// joins and font inherit from the nearest ancestor that sets them, from SVG's initial values.

export type Join = "miter" | "round" | "bevel";
export type Anchor = "start" | "middle" | "end";

/** The inherited properties as written (strings), carried down the tree. */
export interface Cascade {
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: number;
  readonly dash: string;
  readonly join: string;
  readonly family: string;
  readonly bold: boolean;
  readonly size: number;
  readonly anchor: string;
}

export const ROOT_CASCADE: Cascade = {
  fill: "#000000",
  stroke: "none",
  strokeWidth: 1,
  dash: "none",
  join: "miter",
  family: "",
  bold: false,
  size: 16,
  anchor: "start",
};

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
  return {
    fill: a.fill ?? s.fill,
    stroke: a.stroke ?? s.stroke,
    strokeWidth: num(a["stroke-width"], s.strokeWidth),
    dash: a["stroke-dasharray"] ?? s.dash,
    join: a["stroke-linejoin"] ?? s.join,
    family: a["font-family"] !== undefined ? familyOf(a["font-family"]) : s.family,
    bold: weight !== undefined ? /^(bold|bolder|[6-9]00)$/.test(weight) : s.bold,
    size: num(a["font-size"], s.size),
    anchor: a["text-anchor"] ?? s.anchor,
  };
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

const paintCache = new WeakMap<Cascade, Paint>();

export function paintOf(s: Cascade): Paint {
  let p = paintCache.get(s);
  if (!p) {
    const fill = s.fill === "none" || s.fill === "transparent" ? null : s.fill;
    const stroke =
      s.stroke === "none" || !(s.strokeWidth > 0)
        ? null
        : {
            color: s.stroke,
            width: s.strokeWidth,
            dash: dashArray(s.dash),
            join: (s.join === "round" || s.join === "bevel" ? s.join : "miter") as Join,
          };
    p = { fill, stroke };
    paintCache.set(s, p);
  }
  return p;
}

const fontCache = new WeakMap<Cascade, Font>();

export function fontOf(s: Cascade): Font {
  let f = fontCache.get(s);
  if (!f) {
    const anchor = s.anchor === "middle" || s.anchor === "end" ? s.anchor : "start";
    f = { family: s.family, bold: s.bold, size: s.size, anchor };
    fontCache.set(s, f);
  }
  return f;
}
