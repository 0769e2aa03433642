// The TSPL tokeniser: a job's bytes → its commands. A command is a line (CR LF or LF), except the
// two that carry bytes of their own: `BITMAP x,y,width,height,mode,<width × height bytes>` and
// `DOWNLOAD [F,]"NAME",size,<size bytes>` (a file: a font, a BMP); `DOWNLOAD [F,]"NAME.BAS"` up to
// `EOP` is a program. A payload cut short is answered as such (null), never read past the end.

export type TsplToken =
  /** a command line, one character per byte */
  | { readonly kind: "line"; readonly text: string }
  | {
      readonly kind: "bitmap";
      /** x, y, width in bytes, height in dots, mode */
      readonly params: readonly number[];
      /** null: the job ends before the bitmap does */
      readonly data: Uint8Array | null;
    }
  | { readonly kind: "file"; readonly name: string; readonly data: Uint8Array | null }
  | { readonly kind: "program"; readonly name: string; readonly body: Uint8Array | null };

/** One character per byte (a Latin-1 reading that keeps every byte). */
export function byteText(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x8000)));
  return s;
}

const LF = 0x0a;
// sticky: each is tried at the command's start only
const BITMAP_HEAD = /BITMAP +(-?\d+) *, *(-?\d+) *, *(\d+) *, *(\d+) *, *(\d+) *,/iy;
const FILE_HEAD = /DOWNLOAD +(?:[FE] *, *)?"([^"\r\n]+)" *, *(\d+) *,/iy;
const PROGRAM_HEAD = /DOWNLOAD +(?:[FE] *, *)?"([^"\r\n]+)\.BAS" *\r?\n/iy;
const EOP = /\nEOP\r?(?:\n|$)/g;

export function* tsplTokens(bytes: Uint8Array): Generator<TsplToken> {
  // the job read once as one character per byte: every search below starts where the last ended,
  // so a job is read in one pass whatever it holds
  const text = byteText(bytes);
  const n = bytes.length;
  let pos = 0;
  const at = (re: RegExp) => {
    re.lastIndex = pos;
    return re.exec(text);
  };
  const lineEnd = (from: number) => {
    const i = text.indexOf("\n", from);
    return i < 0 ? n : i;
  };
  // the line break that ends a payload, when there is one
  const afterPayload = (i: number) =>
    bytes[i] === LF ? i + 1 : bytes[i] === 0x0d && bytes[i + 1] === LF ? i + 2 : i;
  while (pos < n) {
    const bitmap = at(BITMAP_HEAD);
    if (bitmap) {
      const params = bitmap.slice(1).map(Number);
      const from = pos + bitmap[0].length;
      const size = params[2] * params[3];
      const data = from + size <= n ? bytes.subarray(from, from + size) : null;
      yield { kind: "bitmap", params, data };
      pos = data ? afterPayload(from + size) : n;
      continue;
    }
    const file = at(FILE_HEAD);
    if (file) {
      const from = pos + file[0].length;
      const size = Number(file[2]);
      const data = from + size <= n ? bytes.subarray(from, from + size) : null;
      yield { kind: "file", name: file[1], data };
      pos = data ? afterPayload(from + size) : n;
      continue;
    }
    const program = at(PROGRAM_HEAD);
    if (program) {
      const from = pos + program[0].length;
      // EOP on a line of its own: the search starts at the head's own line break (an empty body)
      EOP.lastIndex = from - 1;
      const end = EOP.exec(text);
      const stop = end ? end.index + 1 : n;
      yield { kind: "program", name: program[1], body: end ? bytes.subarray(from, stop) : null };
      pos = end ? end.index + end[0].length : n;
      continue;
    }
    const end = lineEnd(pos);
    const line = text.slice(pos, end).replace(/\r$/, "");
    if (line.trim()) yield { kind: "line", text: line };
    pos = end + 1;
  }
}

/**
 * A command line's name and parameters: split at commas outside quotes (a quote inside one is
 * written \["]), each trimmed. `PRINT 1,2` → ["PRINT", ["1", "2"]].
 */
export function splitCommand(line: string): { name: string; params: string[] } {
  const text = line.trim();
  const space = text.search(/\s/);
  const name = (space < 0 ? text : text.slice(0, space)).toUpperCase();
  const rest = space < 0 ? "" : text.slice(space + 1);
  const params: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (quoted && rest.startsWith('\\["]', i)) {
      cur += '\\["]';
      i += 3;
    } else if (c === '"') {
      quoted = !quoted;
      cur += c;
    } else if (c === "," && !quoted) {
      params.push(cur.trim());
      cur = "";
    } else cur += c;
  }
  if (rest.length) params.push(cur.trim());
  return { name, params };
}

/** A quoted parameter's text ("A\["]B" → A"B); null when it is not in quotes. */
export function unquoted(param: string | undefined): string | null {
  const m = /^"(.*)"$/s.exec(param ?? "");
  return m ? m[1].replaceAll('\\["]', '"') : null;
}
