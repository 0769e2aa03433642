// The SVG text every renderer writes: numbers and escaped text, one way for the canvas, exports and
// printing (the renderers in src/elements/<kind>/render.ts, the text layout and renderLabel).

/** Numbers in SVG output: at most 3 decimals (µm precision), no exponent, no "-0". */
export function num(v: number): string {
  const r = Math.round(v * 1000);
  // r === 0 also covers -0; NaN and ±Infinity never reach the output
  return r === 0 || !Number.isFinite(r) ? "0" : String(r / 1000);
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting the control characters XML forbids
const NEEDS_ESCAPE = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Escape text for XML content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return (
    s
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
  );
}
