// The .tprts container: the .tprt XML, zlib-compressed (fflate), then AES-256-CBC encrypted
// (crypto-js) with a fixed key and IV, behind a short header:
//   "TPRTS" 0x01 (format version) · ciphertext length (uint32, big-endian) · ciphertext
// The key is a format constant published in docs/file-format.md: it keeps casual readers out of
// the file, it is not a secret and gives no security.
// only the parts of crypto-js the container needs (its index pulls in every algorithm)
import AES from "crypto-js/aes";
import CryptoJS from "crypto-js/core";
import Hex from "crypto-js/enc-hex";
import NoPadding from "crypto-js/pad-nopadding";
import { Unzlib, zlibSync } from "fflate";

export const TPRTS_MAGIC = Uint8Array.from([0x54, 0x50, 0x52, 0x54, 0x53, 0x01]);
export const TPRTS_HEADER_LENGTH = TPRTS_MAGIC.length + 4;
/** SHA-256 of "Inkless label file key v1". */
export const TPRTS_KEY_HEX = "fc4d6c55af985959ddebf38b2ebefac94ab72e96f72579da237589154a14928d";
/** First 16 bytes of SHA-256 of "Inkless label file IV v1". */
export const TPRTS_IV_HEX = "b30c0c57b5229ca0410e0c092a91cfea";
/** Largest label file accepted, and largest XML a .tprts may inflate to. */
export const LABEL_FILE_MAX_BYTES = 50 * 1024 * 1024;

const KEY = Hex.parse(TPRTS_KEY_HEX);
const IV = Hex.parse(TPRTS_IV_HEX);

function toWords(bytes: Uint8Array): CryptoJS.lib.WordArray {
  const words = new Array<number>((bytes.length + 3) >>> 2).fill(0);
  for (let i = 0; i < bytes.length; i++) words[i >>> 2] |= bytes[i] << (24 - (i & 3) * 8);
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

function toBytes(wa: CryptoJS.lib.WordArray): Uint8Array {
  const out = new Uint8Array(wa.sigBytes);
  const w = wa.words;
  for (let i = 0; i < out.length; i++) out[i] = (w[i >>> 2] >>> (24 - (i & 3) * 8)) & 0xff;
  return out;
}

export function startsWithMagic(bytes: Uint8Array): boolean {
  if (bytes.length < TPRTS_MAGIC.length) return false;
  for (let i = 0; i < TPRTS_MAGIC.length; i++) if (bytes[i] !== TPRTS_MAGIC[i]) return false;
  return true;
}

/** XML text → .tprts bytes. */
export function encodeTprts(xml: string): Uint8Array {
  const packed = zlibSync(new TextEncoder().encode(xml), { level: 6 });
  const enc = AES.encrypt(toWords(packed), KEY, {
    iv: IV,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  const cipher = toBytes(enc.ciphertext);
  const out = new Uint8Array(TPRTS_HEADER_LENGTH + cipher.length);
  out.set(TPRTS_MAGIC, 0);
  new DataView(out.buffer).setUint32(TPRTS_MAGIC.length, cipher.length);
  out.set(cipher, TPRTS_HEADER_LENGTH);
  return out;
}

export type TprtsError = "file.error.truncated" | "file.error.decrypt" | "file.error.tooLarge";
export type TprtsResult = { ok: true; xml: string } | { ok: false; key: TprtsError };

class TooLarge extends Error {}

/** Inflates in small steps so that a compression bomb stops at the limit instead of filling memory. */
function inflateLimited(packed: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > limit) throw new TooLarge();
    chunks.push(chunk);
  });
  const STEP = 16 * 1024;
  for (let i = 0; i < packed.length; i += STEP) {
    inflater.push(packed.subarray(i, i + STEP), i + STEP >= packed.length);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Decrypts a ciphertext (no header) with PKCS#7 padding checked; undefined when it does not decrypt. */
function decrypt(cipher: Uint8Array): Uint8Array | undefined {
  if (cipher.length === 0 || cipher.length % 16 !== 0) return undefined;
  const params = CryptoJS.lib.CipherParams.create({ ciphertext: toWords(cipher) });
  const plain = toBytes(AES.decrypt(params, KEY, { iv: IV, mode: CryptoJS.mode.CBC, padding: NoPadding }));
  const pad = plain[plain.length - 1];
  if (pad < 1 || pad > 16) return undefined;
  for (let i = plain.length - pad; i < plain.length; i++) if (plain[i] !== pad) return undefined;
  return plain.subarray(0, plain.length - pad);
}

/** Decrypts and inflates a ciphertext; the XML text or why not. */
export function decodeCipher(cipher: Uint8Array, limit = LABEL_FILE_MAX_BYTES): TprtsResult {
  const packed = decrypt(cipher);
  if (!packed) return { ok: false, key: "file.error.decrypt" };
  try {
    const xml = new TextDecoder().decode(inflateLimited(packed, limit));
    return { ok: true, xml };
  } catch (e) {
    if (e instanceof TooLarge) return { ok: false, key: "file.error.tooLarge" };
    // fflate code 0: the stream ended early
    const code = (e as { code?: number }).code;
    return { ok: false, key: code === 0 ? "file.error.truncated" : "file.error.decrypt" };
  }
}

/** .tprts bytes (with header) → XML text. */
export function decodeTprts(bytes: Uint8Array, limit = LABEL_FILE_MAX_BYTES): TprtsResult {
  if (bytes.length < TPRTS_HEADER_LENGTH) return { ok: false, key: "file.error.truncated" };
  const declared = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(
    TPRTS_MAGIC.length,
  );
  const cipher = bytes.subarray(TPRTS_HEADER_LENGTH);
  if (cipher.length < declared) return { ok: false, key: "file.error.truncated" };
  if (declared === 0 || cipher.length > declared) return { ok: false, key: "file.error.decrypt" };
  return decodeCipher(cipher, limit);
}
