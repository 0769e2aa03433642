// Adapter over JsBarcode's encoder classes (no DOM needed): data in, module string out.
import * as ns from "jsbarcode/bin/barcodes/index.js";
import { CodeError } from "../types";

interface Encoding {
  data: string;
  text?: string;
}
type EncoderClass = new (
  data: string,
  options: Record<string, unknown>,
) => { valid(): boolean; encode(): Encoding | Encoding[] };

// The package is CommonJS with `exports.default`; bundlers and Node unwrap it differently.
const mod = ns as unknown as {
  default?: { default?: Record<string, EncoderClass> } & Record<string, EncoderClass>;
};
const ENCODERS: Record<string, EncoderClass> = (mod.default?.default ?? mod.default ?? mod) as Record<
  string,
  EncoderClass
>;

/** Encodes with one of JsBarcode's symbologies; returns the flat module string and its text. */
export function jsbarcode(
  name: string,
  data: string,
  label: string,
  options: Record<string, unknown> = {},
): Encoding {
  const Enc = ENCODERS[name];
  const enc = new Enc(data, { ...options, flat: true });
  if (!enc.valid()) throw new CodeError("codes.error.charset", { name: label });
  const out = enc.encode();
  const list = Array.isArray(out) ? out : [out];
  return { data: list.map((e) => e.data).join(""), text: list.map((e) => e.text ?? "").join("") };
}
