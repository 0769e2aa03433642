// Hostile ZPL inputs, each with the message key it must end in (or "ok": read without error).
import { deflateSync } from "node:zlib";

const enc = (s: string) => new TextEncoder().encode(s);

/** Pseudo-random bytes (a fixed seed: the same junk every run). */
export function junk(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export const HOSTILE: readonly { name: string; input: () => Uint8Array; key: string | "ok" }[] = [
  {
    name: "50 MB of labels",
    input: () => {
      const one = enc("^XA^FO1,1^FDx^FS^XZ");
      const out = new Uint8Array(50 * 1024 * 1024);
      for (let i = 0; i + one.length <= out.length; i += one.length) out.set(one, i);
      return out;
    },
    key: "zpl.error.tooLarge",
  },
  {
    name: "a ^GF declaring 2 GB",
    input: () => enc("^XA^FO0,0^GFA,2000000000,2000000000,100000,FFFF^FS^XZ"),
    key: "zpl.error.graphicTooLarge",
  },
  {
    name: "a Z64 bomb (16 MB of zeros declared as 1 KB)",
    input: () =>
      enc(
        `^XA^FO0,0^GFA,1024,1024,32,:Z64:${deflateSync(Buffer.alloc(16 * 1024 * 1024)).toString("base64")}:0000^FS^XZ`,
      ),
    key: "zpl.error.graphicTooLarge",
  },
  {
    name: "stored graphics adding up past the limit",
    input: () => enc(Array.from({ length: 12 }, (_, i) => `~DGG${i},3000000,500,FF`).join("\n")),
    key: "zpl.error.graphicTooLarge",
  },
  {
    name: "endless formats",
    input: () => enc("^XA^FO0,0^FDx^FS^XZ".repeat(5000)),
    key: "zpl.error.tooManyLabels",
  },
  {
    name: "^XA a million times, never closed",
    input: () => enc("^XA".repeat(1_000_000)),
    key: "zpl.error.noLabel",
  },
  {
    name: "a stored format past the limit",
    input: () => enc(`^XA^DFR:BIG.ZPL^FS${"^FO1,1^FDx^FS".repeat(10_000)}^XZ`),
    key: "zpl.error.storedTooLarge",
  },
  {
    name: "a stored format recalled past the limit",
    input: () => enc(`^XA^DFR:T.ZPL^FS${"^MUd".repeat(19_000)}^XZ${"^XA^XFR:T.ZPL^FS^XZ".repeat(100)}`),
    key: "zpl.error.storedTooLarge",
  },
  {
    name: "formats nested in formats",
    input: () => enc(`${"^XA^FO1,1^FDdeep^FS".repeat(1000)}${"^XZ".repeat(1000)}`),
    key: "ok",
  },
  {
    name: "a format of endless fields",
    input: () => enc(`^XA${"^FO0,0^GB1,1,1^FS".repeat(5000)}^XZ`),
    key: "zpl.error.tooManyFields",
  },
  { name: "binary junk", input: () => junk(2 * 1024 * 1024), key: "any" },
  {
    name: "a damaged Z64 block",
    input: () => enc("^XA^FO0,0^GFA,8,8,2,:Z64:!!!!:0000^FS^XZ"),
    key: "zpl.error.graphic",
  },
];
