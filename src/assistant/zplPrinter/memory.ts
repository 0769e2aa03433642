// What the virtual printer keeps from one job to the next, as a Zebra keeps what it was sent in its
// memory (R:) and flash (E:): the stored formats (^XA^DF…^XZ), graphics (~DG) and fonts (~DY, ~DU)
// of each job, by name — a later one of the same name replaces it. Each job is read with them before
// it, so an ERP that sends a printer template once and then only ^XF recalls prints its labels.
// Bounded: past ZPL_MEMORY_BYTES the oldest objects are forgotten (a printer's memory is full too).
import { objectName } from "../../zpl/stored";
import { byteString, tokenize, type ZplCommand } from "../../zpl/tokens";

/** All kept objects together, as ZPL text. */
export const ZPL_MEMORY_BYTES = 2 * 1024 * 1024;

/** ^A's font letter is its first parameter character: "^A" + "0N,30,30". */
const written = (c: ZplCommand) => `${c.prefix}${c.name}${c.params}`;

export class ZplMemory {
  private readonly kept = new Map<string, string>();
  private size = 0;

  /** The job with what earlier jobs stored before it. */
  withKept(job: Uint8Array): Uint8Array {
    if (!this.kept.size) return job;
    const before = new Uint8Array(this.size);
    let at = 0;
    for (const text of this.kept.values())
      for (let i = 0; i < text.length; i++) before[at++] = text.charCodeAt(i);
    const out = new Uint8Array(before.length + job.length);
    out.set(before);
    out.set(job, before.length);
    return out;
  }

  /** Keeps the job's stored formats, graphics and fonts (after the job was read). */
  remember(job: Uint8Array): void {
    let format: ZplCommand[] | null = null;
    let stored: string | null = null;
    for (const c of tokenize(byteString(job))) {
      if (c.name === "XA") {
        format = [c];
        stored = null;
      } else if (format) {
        format.push(c);
        if (c.name === "DF") stored = objectName(c.params, "ZPL");
        // what cannot be written again as it came: binary graphics (their line-break bytes are
        // not in the commands), a changed prefix
        if (c.name === "CC" || c.name === "CT" || (c.name === "GF" && /^[BC]/i.test(c.params))) stored = null;
        if (c.name === "XZ") {
          if (stored) this.keep(`DF ${stored}`, `${format.map(written).join("")}\n`);
          format = null;
        }
      }
      // ~DY in hex (A) or hex PNG (P) only: binary data lost its line-break bytes
      const hex = c.name !== "DY" || /^[AP]$/i.test(c.params.split(",")[1] ?? "");
      if (c.prefix === "~" && hex && (c.name === "DG" || c.name === "DY" || c.name === "DU"))
        this.keep(`${c.name} ${objectName(c.params.split(",")[0], "GRF")}`, `${written(c)}\n`);
    }
  }

  private keep(key: string, text: string): void {
    const old = this.kept.get(key);
    if (old !== undefined) {
      this.kept.delete(key);
      this.size -= old.length;
    }
    if (text.length > ZPL_MEMORY_BYTES) return;
    this.kept.set(key, text);
    this.size += text.length;
    // the oldest go first
    for (const [k, v] of this.kept) {
      if (this.size <= ZPL_MEMORY_BYTES) break;
      this.kept.delete(k);
      this.size -= v.length;
    }
  }
}

/** Every format of the job stores (^DF) and prints nothing, or the job has only downloads. */
export function storesOnly(job: Uint8Array): boolean {
  let formats = 0;
  let storing = 0;
  let downloads = 0;
  for (const c of tokenize(byteString(job))) {
    if (c.name === "XA") formats++;
    else if (c.name === "DF") storing++;
    else if (c.prefix === "~" && (c.name === "DG" || c.name === "DY" || c.name === "DU")) downloads++;
  }
  return formats === storing && storing + downloads > 0;
}
