// The questions senders ask a Zebra printer before (or instead of) sending labels, answered as a
// ready printer at once: ~HS host status, ~HI host identification, ~HQES error status, and the SGD
// `! U1 getvar "device.host_status"`. The control prefix (~) is the one the stream set last (~CT /
// ^CT; ^CC / ~CC change the format prefix those may be written with), as on a printer. Read as the
// bytes arrive: a question split between two reads is answered when its end comes.
import { readyHostStatus } from "./hostStatus";

/** The longest piece kept for the next read: an unfinished question, never a whole job. */
const CARRY = 200;

const frame = (s: string) => `\x02${s}\x03\r\n`;

/** ~HI: model, firmware, dots per mm, memory (Zebra's form). */
export function hostIdentification(dpi: number): string {
  return frame(`INKLESS,V1.0.0,${Math.round(dpi / 25.4)},8192KB`);
}

/** ~HQES: no error, no warning (Zebra's layout: the flags in hexadecimal groups). */
export const errorStatus = () =>
  `\x02\r\n  PRINTER STATUS\r\n   ERRORS:         0 00000000 00000000\r\n   WARNINGS:       0 00000000 00000000\r\n\x03\r\n`;

/** An SGD getvar's answer: the host status as ~HS gives it, any other variable "?" (unknown). */
function getvar(name: string): string {
  return name.trim().toLowerCase() === "device.host_status" ? readyHostStatus(0) : '"?"\r\n';
}

export class PrinterQueries {
  private carry = "";
  private control = "~";
  private format = "^";
  /** how many questions were answered */
  count = 0;

  constructor(private readonly dpi: number) {}

  /** The answers to the questions that end in `chunk`, in order. */
  feed(chunk: Uint8Array): string[] {
    const text = this.carry + Buffer.from(chunk).toString("latin1");
    this.carry = "";
    const out: string[] = [];
    let i = 0;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === "!" && /^! ?u1/i.test(text.slice(i, i + 4))) {
        const end = text.slice(i).search(/[\r\n]/);
        // an unfinished line waits for its end; a long one is no question
        if (end < 0 && text.length - i < CARRY) break;
        if (end < 0) continue;
        const m = /^! ?u1\s+getvar\s+"([^"]*)"/i.exec(text.slice(i, i + end));
        if (m) out.push(getvar(m[1]));
        i += end;
        continue;
      }
      if (c !== this.control && c !== this.format) continue;
      // the command's name, and its one-character parameter for the prefix changes
      if (i + 2 >= text.length) break;
      const name = text.slice(i + 1, i + 3).toUpperCase();
      if ((name === "CT" || name === "CC") && i + 3 >= text.length) break;
      if (name === "CT") this.control = text[i + 3];
      else if (name === "CC") this.format = text[i + 3];
      else if (c === this.control && name === "HS") out.push(readyHostStatus(0));
      else if (c === this.control && name === "HI") out.push(hostIdentification(this.dpi));
      else if (c === this.control && name === "HQ") {
        if (i + 4 >= text.length) break;
        if (text.slice(i + 3, i + 5).toUpperCase() === "ES") out.push(errorStatus());
      }
    }
    if (i < text.length) this.carry = text.slice(i, i + CARRY);
    this.count += out.length;
    return out;
  }
}
