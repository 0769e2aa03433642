// GS1 Digital Link URIs (GS1 Digital Link standard 1.2, uncompressed form): the primary key and its
// qualifiers in the path, every other AI as a query parameter, values percent-encoded.
import { CodeError } from "../types";
import { aiSpec } from "./ais";
import type { AiValue } from "./elementString";

export const DIGITAL_LINK_RESOLVER = "https://id.gs1.org";

/** Percent-encodes everything but the URI unreserved characters (RFC 3986 §2.3), as the standard asks. */
export function encodeDigitalLinkValue(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * The Digital Link URI of a checked list: https://id.gs1.org/01/{gtin}/10/{batch}?17=…; the list
 * must hold exactly one primary key (GTIN 01, SSCC 00 or GLN 414).
 */
export function digitalLinkUri(list: readonly AiValue[], resolver = DIGITAL_LINK_RESOLVER): string {
  const keys = list.filter((e) => aiSpec(e.ai)?.dl === "key");
  const key = keys[0];
  if (!key) throw new CodeError("codes.gs1.dlNoKey");
  if (keys.length > 1) throw new CodeError("codes.gs1.dlTwoKeys", { ai: keys[1]?.ai ?? "" });
  const qualifiers = aiSpec(key.ai)?.qualifiers ?? [];
  let path = `/${key.ai}/${encodeDigitalLinkValue(key.value)}`;
  for (const q of qualifiers) {
    const e = list.find((x) => x.ai === q);
    if (e) path += `/${q}/${encodeDigitalLinkValue(e.value)}`;
  }
  const query = list
    .filter((e) => e !== key && !qualifiers.includes(e.ai))
    .map((e) => `${e.ai}=${encodeDigitalLinkValue(e.value)}`);
  return `${resolver.replace(/\/+$/, "")}${path}${query.length ? `?${query.join("&")}` : ""}`;
}
