import type { ElementType, LabelElement } from "./types";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomChars(n: number, alphabet = ALPHABET): string {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return s;
}

/** A new element id: 8 generated characters. */
export function newElementId(): string {
  return randomChars(8);
}

/** Type plus the next free counter among the document's elements, e.g. "Text3". */
export function nextElementName(elements: readonly LabelElement[], type: ElementType): string {
  let max = 0;
  const re = new RegExp(`^${type}(\\d+)$`);
  for (const el of elements) {
    const m = re.exec(el.Name);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `${type}${max + 1}`;
}

/** Template id: the date (yyyymmdd) plus random lowercase chunks (application.md §3). */
export function newTemplateId(now = new Date()): string {
  const d = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, "0")}${String(now.getDate()).padStart(2, "0")}`;
  const lower = "abcdefghijklmnopqrstuvwxyz0123456789";
  return `${d}${randomChars(8, lower)}${randomChars(8, lower)}`;
}

/** Other generated ids: Unix-seconds timestamp plus 20 random characters. */
export function newRecordId(now = Date.now()): string {
  return `${Math.floor(now / 1000)}${randomChars(20)}`;
}
