// Property: random valid content of every zxing-readable symbology, rendered through renderLabel
// for a 203 dpi printer and rasterised, decodes back to itself (plus the check digit, computed here
// by the test's own GS1 formula, not by the code under test).
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { prepareCode } from "../../src/codes";
import type { LabelDocument } from "../../src/model/types";
import { renderLabel } from "../../src/render";
import { barcodeLabel, qrLabel } from "./support/labels";
import { rasterise, toImageData } from "./support/raster";
import { decode } from "./support/zxing";

const DPI = 203;
const RUNS = 15;

function gs1(body: string): string {
  const sum = [...body].reverse().reduce((s, c, i) => s + Number(c) * (i % 2 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}
function upceToUpca(b: string): string {
  const [ns, a, bb, c, d, e, f] = b;
  if (f <= "2") return `${ns}${a}${bb}${f}0000${c}${d}${e}`;
  if (f === "3") return `${ns}${a}${bb}${c}00000${d}${e}`;
  if (f === "4") return `${ns}${a}${bb}${c}${d}00000${e}`;
  return `${ns}${a}${bb}${c}${d}${e}0000${f}`;
}

/** Code 39 full-ASCII table (AIM USS-39 / ISO 16388 annex), written out here independently. */
function code39FullAscii(text: string): string {
  const SPECIAL: Record<string, string> = {
    " ": " ",
    "-": "-",
    ".": ".",
    "!": "/A",
    '"': "/B",
    "#": "/C",
    $: "/D",
    "%": "/E",
    "&": "/F",
    "'": "/G",
    "(": "/H",
    ")": "/I",
    "*": "/J",
    "+": "/K",
    ",": "/L",
    "/": "/O",
    ":": "/Z",
    ";": "%F",
    "<": "%G",
    "=": "%H",
    ">": "%I",
    "?": "%J",
    "@": "%V",
    "[": "%K",
    "\\": "%L",
    "]": "%M",
    "^": "%N",
    _: "%O",
    "`": "%W",
    "{": "%P",
    "|": "%Q",
    "}": "%R",
    "~": "%S",
  };
  return [...text]
    .map((c) => {
      if (/[0-9A-Z]/.test(c)) return c;
      if (/[a-z]/.test(c)) return `+${c.toUpperCase()}`;
      return SPECIAL[c];
    })
    .join("");
}

async function read(doc: LabelDocument, format: string, hri = false): Promise<string | undefined> {
  const svg = renderLabel(doc, { target: "print", dpi: DPI });
  const r = rasterise(svg, doc.attrs.width, doc.attrs.height, DPI);
  const [res] = await decode(toImageData(r), { formats: [format as never], textMode: hri ? "HRI" : "Plain" });
  return res?.text;
}

const chars = (set: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...set), { minLength: min, maxLength: max }).map((a) => a.join(""));
const DIGITS = "0123456789";
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
const digits = (n: number) => chars(DIGITS, n, n);

interface Case {
  name: string;
  arb: fc.Arbitrary<string>;
  type: number;
  format: string | ((d: string) => string);
  expect: (d: string) => string;
  hri?: boolean;
  width?: (d: string) => number;
  /** contents always tried, besides the random ones (cases a random run once found) */
  examples?: string[];
}

const CASES: Case[] = [
  { name: "Code 128", type: 1, format: "Code128", arb: chars(ASCII, 1, 24), expect: (d) => d },
  {
    // read as standard Code 39 only: zxing's "Code39" also answers a symbol whose six characters form a
    // valid Italian pharmacode (Code 32) as that number ("LPNYJK" read as "A626686481")
    name: "Code 39",
    type: 2,
    format: "Code39Std",
    arb: chars("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. ", 1, 12),
    expect: (d) => d,
    examples: ["LPNYJK"],
  },
  { name: "Code 93", type: 3, format: "Code93", arb: chars(ASCII, 1, 16), expect: (d) => d },
  {
    name: "Codabar",
    type: 4,
    format: "Codabar",
    // zxing refuses Codabar with fewer than two data characters (false-positive guard)
    arb: fc
      .tuple(fc.constantFrom(..."ABCD"), chars("0123456789-$:/.+", 2, 12), fc.constantFrom(..."ABCD"))
      .map((t) => t.join("")),
    expect: (d) => d,
  },
  {
    name: "Interleaved 2 of 5",
    type: 5,
    format: "ITF",
    arb: chars(DIGITS, 2, 20),
    expect: (d) => (d.length % 2 ? `0${d}` : d),
  },
  { name: "EAN-8", type: 6, format: "EAN8", arb: digits(7), expect: (d) => d + gs1(d) },
  { name: "EAN-13", type: 7, format: "EAN13", arb: digits(12), expect: (d) => d + gs1(d) },
  { name: "UPC-A", type: 8, format: "UPCA", arb: digits(11), expect: (d) => `0${d}${gs1(d)}` },
  {
    name: "UPC-E",
    type: 9,
    format: "UPCE",
    arb: fc.tuple(fc.constantFrom("0", "1"), digits(6)).map(([a, b]) => a + b),
    expect: (d) => `0${upceToUpca(d)}${gs1(upceToUpca(d))}`,
  },
  {
    // zxing's full-ASCII heuristic turns some valid symbols down (e.g. "Wy+da\""), so the symbol is
    // read as plain Code 39 and must hold exactly the standard's shift pairs for the data
    name: "Code 39 extended",
    type: 14,
    format: "Code39Std",
    arb: chars(ASCII, 1, 10),
    expect: code39FullAscii,
    width: () => 90,
  },
  {
    name: "GS1-128",
    type: 26,
    format: "Code128",
    hri: true,
    arb: fc
      .tuple(digits(13), chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 1, 10))
      .map(([g, lot]) => `(01)${g}${gs1(g)}(10)${lot}`),
    expect: (d) => d,
    width: () => 80,
  },
  {
    name: "Telepen",
    type: 27,
    format: "TelepenAlpha",
    arb: chars(ASCII, 1, 12),
    expect: (d) => d,
    width: () => 80,
  },
  { name: "ITF-14", type: 28, format: "ITF", arb: digits(13), expect: (d) => d + gs1(d) },
];

beforeAll(async () => {
  await prepareCode({ kind: "qrcode", type: 2, data: "x" });
});

describe("random content decodes back (203 dpi print raster)", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      await fc.assert(
        fc.asyncProperty(c.arb, async (data) => {
          const doc = barcodeLabel(c.type, data, { Width: c.width?.(data) ?? 60 });
          const text = await read(doc, typeof c.format === "string" ? c.format : c.format(data), c.hri);
          if (text !== c.expect(data))
            throw new Error(`${JSON.stringify(data)} read as ${JSON.stringify(text)}`);
        }),
        { numRuns: RUNS, examples: (c.examples ?? []).map((e) => [e] as [string]) },
      );
    });
  }

  const text2d = fc.oneof(
    chars(ASCII, 1, 60),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
    chars("汉字条码标签打印机ÄÖÜäöüßéèñ€", 1, 20),
  );
  for (const [type, format, name] of [
    [1, "QRCode", "QR"],
    [2, "PDF417", "PDF417"],
    [3, "DataMatrix", "Data Matrix"],
    [4, "Aztec", "Aztec"],
  ] as const) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(text2d, async (data) => {
          const doc = qrLabel(type, data, type === 2 ? { Width: 60, Height: 25 } : { Width: 30, Height: 30 });
          const text = await read(doc, format);
          if (text !== data) throw new Error(`${JSON.stringify(data)} read as ${JSON.stringify(text)}`);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
