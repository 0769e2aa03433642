// Field data (^FD) from its bytes to text: ^FH hex escapes first (they give bytes), then the ^CI
// encoding decodes the bytes. ^CI28 is UTF-8; the single-byte sets (^CI0…^CI27) are read as
// Windows-1252, which ^CI27 is and which agrees with the others on every printable ASCII byte.

/** ^CI values read as UTF-8 */
export const UTF8_CI = 28;

/** Whether ^CI n is one we read (0…28); others are listed as unsupported. */
export const knownCi = (n: number) => Number.isInteger(n) && n >= 0 && n <= UTF8_CI;

const utf8 = new TextDecoder("utf-8");
const latin = new TextDecoder("windows-1252");

/** `_1D` → the byte 0x1D, with the field's ^FH indicator; a broken escape stays as written. */
export function unescapeHex(raw: string, indicator: string): string {
  if (!raw.includes(indicator)) return raw;
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === indicator && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
      out += String.fromCharCode(Number.parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else out += c;
  }
  return out;
}

/** The field's text: `raw` holds one character per byte. */
export function decodeField(raw: string, hexIndicator: string | null, ci: number): string {
  const bytesText = hexIndicator ? unescapeHex(raw, hexIndicator) : raw;
  const bytes = new Uint8Array(bytesText.length);
  for (let i = 0; i < bytesText.length; i++) bytes[i] = bytesText.charCodeAt(i) & 0xff;
  return (ci === UTF8_CI ? utf8 : latin).decode(bytes);
}
