// Text from users printed to the operator's terminal (the admin listings): every character a
// terminal would act on instead of showing is written as a visible escape, so feedback cannot erase
// lines, set the window title, write the clipboard (OSC 52), forge a record with a carriage return,
// or reorder what is shown with bidirectional overrides (issue 33).

/**
 * C0 controls (all but the newline the caller splits on), DEL, C1 controls (U+0080–009F: CSI, OSC…),
 * bidirectional marks, embeddings, overrides and isolates, and the Unicode line/paragraph separators.
 */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { "\t": "\\t", "\r": "\\r" };

const escapeChar = (c: string): string => {
  const code = c.charCodeAt(0);
  return (
    NAMED[c] ??
    (code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`)
  );
};

/** `text` with every unsafe character escaped; a newline stays (the listing indents each line). */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** One line of text: newlines escaped too (a field that must stay on its line). */
export function terminalSafeLine(text: string): string {
  return terminalSafe(text).replace(/\n/g, "\\n");
}
