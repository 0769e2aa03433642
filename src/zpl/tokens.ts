// The ZPL tokeniser: a byte string (one character per byte, so field data keeps its bytes until its
// ^CI encoding decodes it) → commands. A command is its prefix (^ or ~, changed by ^CC / ^CT), a
// two-letter name and the text up to the next prefix. ^A is one letter (its font follows),
// ^GF's binary form takes exactly its byte count, so a ^ inside the bitmap does not end it.

export interface ZplCommand {
  readonly prefix: "^" | "~";
  /** upper-case name: "FO", "A" (font in params), "A@", "GF" … */
  readonly name: string;
  /** the rest up to the next command, line breaks removed */
  readonly params: string;
}

/** One character per byte (a Latin-1 reading that never changes a byte, unlike TextDecoder's). */
export function byteString(bytes: Uint8Array): string {
  let s = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step)
    s += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + step)));
  return s;
}

const LINE_BREAKS = /[\r\n]/g;

export function* tokenize(text: string): Generator<ZplCommand> {
  let caret = "^";
  let tilde = "~";
  const n = text.length;
  const nextPrefix = (from: number) => {
    for (let j = from; j < n; j++) if (text[j] === caret || text[j] === tilde) return j;
    return n;
  };
  let i = nextPrefix(0);
  while (i < n) {
    const prefix = text[i] === caret ? "^" : "~";
    let name = text.slice(i + 1, i + 3).toUpperCase();
    let start = i + 3;
    if (name[0] === "A" && name !== "A@") {
      name = "A";
      start = i + 2;
    }
    let end: number;
    if (name === "GF" && prefix === "^") end = graphicEnd(text, start, nextPrefix);
    // a prefix change is one character: what follows is read with the new prefix
    else if (name === "CC" || name === "CT") end = Math.min(n, start + 1);
    else end = nextPrefix(start);
    const params = text.slice(start, end).replace(LINE_BREAKS, "");
    if (name === "CC" || name === "CT") {
      // a changed prefix takes effect at once; a printable, non-comma character only
      const c = params[0];
      if (c && c > " " && c !== "," && c !== caret && c !== tilde) {
        if (name === "CC") caret = c;
        else tilde = c;
      }
    }
    yield { prefix, name, params };
    i = end < n ? end : n;
    if (i < n && text[i] !== caret && text[i] !== tilde) i = nextPrefix(i);
  }
}

/** ^GFB / ^GFC: the data is exactly b bytes after the fourth comma (it may hold any byte). */
function graphicEnd(text: string, start: number, nextPrefix: (from: number) => number): number {
  const head = /^([ABC]?),(\d*),(\d*),(\d*),/i.exec(text.slice(start, start + 40));
  if (!head || !/^[BC]$/i.test(head[1])) return nextPrefix(start);
  const count = Number(head[2]) || 0;
  return Math.min(text.length, start + head[0].length + count);
}
