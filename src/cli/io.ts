// Reading a label file from disk and writing results, with every failure as a translatable CliError.
import { readFile, stat, writeFile } from "node:fs/promises";
import { LABEL_FILE_MAX_BYTES, parseLabelFile } from "../model/file";
import type { LabelDocument } from "../model/types";
import { CliError } from "./errors";

const MB = 1024 * 1024;

const reason = (e: unknown) =>
  (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));

/** Reads a file's bytes; too large files are refused before they are read. */
export async function readInput(path: string, maxBytes: number): Promise<Uint8Array> {
  try {
    const st = await stat(path);
    if (st.isDirectory()) throw new CliError("cli.error.unreadable", { path, reason: "EISDIR" });
    if (st.size > maxBytes) {
      throw new CliError("cli.error.invalidFile", {
        path,
        reasonKey: "file.error.tooLarge",
        limit: Math.round(maxBytes / MB),
      });
    }
    return new Uint8Array(await readFile(path));
  } catch (e) {
    if (e instanceof CliError) throw e;
    if ((e as NodeJS.ErrnoException)?.code === "ENOENT") throw new CliError("cli.error.notFound", { path });
    throw new CliError("cli.error.unreadable", { path, reason: reason(e) });
  }
}

/** Opens a label file (.tprt or .tprts, by content). */
export async function readLabel(path: string): Promise<LabelDocument> {
  const bytes = await readInput(path, LABEL_FILE_MAX_BYTES);
  const r = parseLabelFile(bytes, path);
  if (!r.ok) {
    throw new CliError("cli.error.invalidFile", {
      path,
      reasonKey: r.error.key,
      limit: Math.round(LABEL_FILE_MAX_BYTES / MB),
      detail: r.error.detail ?? "",
    });
  }
  return r.doc;
}

export async function writeOutput(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFile(path, data);
  } catch (e) {
    throw new CliError("cli.error.write", { path, reason: reason(e) });
  }
}
