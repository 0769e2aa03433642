// ZPL files as CLI input (`label render in.zpl --out x.pdf|x.png [--dpi 152|203|300|600]`): read
// by content or name, one label per ^XA…^XZ format, the unsupported commands named on stderr.
import { open } from "node:fs/promises";
import { basename, extname } from "node:path";
import type { ZplRead } from "../zpl";
import type { Args } from "./args";
import { CliError } from "./errors";
import { readInput } from "./io";
import { cliLanguage } from "./lang";

/** Whether the input is ZPL: its extension, or a ZPL command at its start. */
export async function isZplInput(path: string): Promise<boolean> {
  const { isZplFile } = await import("../zpl");
  if (isZplFile(path)) return true;
  try {
    const f = await open(path, "r");
    try {
      const head = new Uint8Array(256);
      const { bytesRead } = await f.read(head, 0, 256, 0);
      return isZplFile("", head.subarray(0, bytesRead));
    } finally {
      await f.close();
    }
  } catch {
    return false; // unreadable: the label reader reports it
  }
}

/** Reads the ZPL file at the resolution of --dpi (203 when not given). */
export async function readZplInput(args: Args): Promise<ZplRead> {
  const { readZpl, isZplDpi, ZPL_DEFAULT_DPI, ZPL_DPIS, ZPL_MAX_BYTES, ZplError } = await import("../zpl");
  const dpi = args.dpi === undefined ? ZPL_DEFAULT_DPI : Number(args.dpi);
  if (!isZplDpi(dpi)) throw new CliError("cli.error.zplDpi", { values: ZPL_DPIS.join(", ") });
  const path = args.file as string;
  const bytes = await readInput(path, ZPL_MAX_BYTES);
  const name = basename(path, extname(path));
  try {
    const read = await readZpl(bytes, { dpi, name });
    if (read.unknown.length) await warnUnknown(read);
    return read;
  } catch (e) {
    if (e instanceof ZplError)
      throw new CliError("cli.error.invalidFile", { path, reasonKey: e.key, ...e.vars });
    throw e;
  }
}

async function warnUnknown(read: ZplRead): Promise<void> {
  const [{ translate }, { unknownList }] = await Promise.all([import("../i18n/messages"), import("../zpl")]);
  const line = translate("zpl.unknown", { list: unknownList(read.unknown) }, cliLanguage());
  process.stderr.write(`${line}\n`);
}

/** The labels to render: all, or the one --record names (1-based). */
export function pickLabels(read: ZplRead, record: string | undefined): ZplRead["docs"] {
  if (record === undefined) return read.docs;
  const n = Number(record);
  if (!Number.isInteger(n) || n < 1 || n > read.docs.length)
    throw new CliError("cli.error.record", { max: read.docs.length });
  return [read.docs[n - 1]];
}

/** Every label the printer would print (^PQ copies included), a page each. */
export async function zplPages(args: Args, read: ZplRead): Promise<ZplRead["docs"]> {
  const { printedLabels, ZplError } = await import("../zpl");
  try {
    return printedLabels(read);
  } catch (e) {
    if (e instanceof ZplError)
      throw new CliError("cli.error.invalidFile", { path: args.file as string, reasonKey: e.key, ...e.vars });
    throw e;
  }
}
