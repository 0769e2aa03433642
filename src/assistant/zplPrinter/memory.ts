// What the virtual printer keeps from one job to the next, as a Zebra keeps what it was sent in its
// memory (R:) and flash (E:): the stored formats (^XA^DF…^XZ), graphics (~DG) and fonts (~DY, ~DU)
// of each job, by name — a later one of the same name replaces it. Each job is read with them before
// it, so an ERP that sends a printer template once and then only ^XF recalls prints its labels.
// Bounded: past ZPL_MEMORY_BYTES (or half the reader's stored commands or fonts) the oldest objects
// are forgotten (a printer's memory is full too).
import { ZPL_MAX_STORED } from "../../zpl/limits";
import { objectName } from "../../zpl/stored";
import { ZPL_MAX_FONTS } from "../../zpl/storedFonts";
import { byteString, tokenize, type ZplCommand } from "../../zpl/tokens";

/** All kept objects together, as ZPL text. */
export const ZPL_MEMORY_BYTES = 2 * 1024 * 1024;
/**
 * Half of what the reader allows a file (stored-format commands, downloaded fonts): what is kept
 * never makes a later job fail its limits, and leaves that job room for its own.
 */
export const ZPL_MEMORY_COMMANDS = ZPL_MAX_STORED / 2;
export const ZPL_MEMORY_FONTS = ZPL_MAX_FONTS / 2;

interface Kept {
  readonly text: string;
  /** a stored format's commands */
  readonly commands: number;
  readonly font: boolean;
}

/** ^A's font letter is its first parameter character: "^A" + "0N,30,30". */
const written = (c: ZplCommand) => `${c.prefix}${c.name}${c.params}`;

export class ZplMemory {
  private readonly kept = new Map<string, Kept>();
  private size = 0;
  private commands = 0;
  private fonts = 0;

  /** The job with what earlier jobs stored before it. */
  withKept(job: Uint8Array): Uint8Array {
    if (!this.kept.size) return job;
    const before = new Uint8Array(this.size);
    let at = 0;
    for (const { text } of this.kept.values())
      for (let i = 0; i < text.length; i++) before[at++] = text.charCodeAt(i);
    const out = new Uint8Array(before.length + job.length);
    out.set(before);
    out.set(job, before.length);
    return out;
  }

  /** Keeps the job's stored formats, graphics and fonts. */
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
          if (stored)
            this.keep(`DF ${stored}`, {
              text: `${format.map(written).join("")}\n`,
              commands: format.length,
              font: false,
            });
          format = null;
        }
      }
      // ~DY in hex (A) or hex PNG (P) only: binary data lost its line-break bytes
      const hex = c.name !== "DY" || /^[AP]$/i.test(c.params.split(",")[1] ?? "");
      if (c.prefix === "~" && hex && (c.name === "DG" || c.name === "DY" || c.name === "DU"))
        this.keep(`${c.name} ${objectName(c.params.split(",")[0], "GRF")}`, {
          text: `${written(c)}\n`,
          commands: 0,
          font: c.name !== "DG",
        });
    }
  }

  private keep(key: string, entry: Kept): void {
    const old = this.kept.get(key);
    if (old) this.forget(key, old);
    if (entry.text.length > ZPL_MEMORY_BYTES || entry.commands > ZPL_MEMORY_COMMANDS) return;
    this.kept.set(key, entry);
    this.size += entry.text.length;
    this.commands += entry.commands;
    this.fonts += entry.font ? 1 : 0;
    // the oldest go first
    for (const [k, v] of this.kept) {
      if (
        this.size <= ZPL_MEMORY_BYTES &&
        this.commands <= ZPL_MEMORY_COMMANDS &&
        this.fonts <= ZPL_MEMORY_FONTS
      )
        break;
      this.forget(k, v);
    }
  }

  private forget(key: string, entry: Kept): void {
    this.kept.delete(key);
    this.size -= entry.text.length;
    this.commands -= entry.commands;
    this.fonts -= entry.font ? 1 : 0;
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
