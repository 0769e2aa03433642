// Which office container a file really is, by its bytes (never its extension): only these are handed
// to LibreOffice. Anything else it would happily open too — HTML renamed .doc (which fetches its
// pictures), plain text, SVG, PDF — is refused before a conversion starts (docs/security.md).
import { listZip, readEntry } from "../../spreadsheet/zipGuard";

/** OOXML (.docx/.xlsx/.pptx), ODF (.odt…), OLE2 compound file (.doc/.xls/.ppt), RTF (Word's .doc too). */
export type OfficeContainer = "ooxml" | "odf" | "ole2" | "rtf";

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** The container the bytes hold, or null when they are not an office document we convert. */
export function officeContainer(b: Uint8Array): OfficeContainer | null {
  if (b.length >= 512 && OLE2.every((v, i) => b[i] === v)) return "ole2";
  if (b.length >= 5 && ascii(b, 0, 5) === "{\\rtf") return "rtf";
  if (b.length < 30 || ascii(b, 0, 4) !== "PK\x03\x04") return null;
  const entries = listZip(b);
  if (!entries) return null;
  if (entries.some((e) => e.name === "[Content_Types].xml")) return "ooxml";
  const mimetype = entries.find((e) => e.name === "mimetype");
  if (!mimetype) return null;
  try {
    const type = new TextDecoder().decode(readEntry(b, mimetype, 256));
    return type.startsWith("application/vnd.oasis.opendocument.") ? "odf" : null;
  } catch {
    return null;
  }
}
