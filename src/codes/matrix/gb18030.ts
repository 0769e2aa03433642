// GB 18030 encoding for Han Xin (browsers and Node can decode GB 18030 but not encode it), so the
// reverse table of the two-byte range is built once from TextDecoder.
import { CodeError } from "../types";

let table: Map<string, number> | null = null;

function buildTable(): Map<string, number> {
  const dec = new TextDecoder("gb18030");
  const map = new Map<string, number>();
  const pair = new Uint8Array(2);
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      if (lo === 0x7f) continue;
      pair[0] = hi;
      pair[1] = lo;
      const ch = dec.decode(pair);
      if (ch.length === 1 && ch !== "\ufffd" && !map.has(ch)) map.set(ch, (hi << 8) | lo);
    }
  }
  return map;
}

/** Text → GB 18030 bytes as a binary string (one char per byte). Four-byte sequences are refused. */
export function toGb18030Binary(text: string): string {
  table ??= buildTable();
  let out = "";
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) {
      out += ch;
      continue;
    }
    const code = table.get(ch);
    if (code === undefined) throw new CodeError("codes.error.gb18030", { char: ch });
    out += String.fromCharCode(code >> 8, code & 0xff);
  }
  return out;
}
