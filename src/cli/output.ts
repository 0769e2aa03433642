// An output file written piece by piece under a temporary name in the same folder and renamed to
// its final name only when complete: a run stopped midway (Ctrl+C, an error) leaves no half-written
// file under the final name, and the temporary file is removed.
import { once } from "node:events";
import { createWriteStream, rmSync, type WriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { CliError } from "./errors";

const reason = (e: unknown) =>
  (e as NodeJS.ErrnoException)?.code ?? (e instanceof Error ? e.message : String(e));

export interface StreamedOutput {
  write(chunk: Uint8Array): Promise<void>;
  /** complete: the file takes its final name */
  commit(): Promise<void>;
  /** failed or stopped: the temporary file goes */
  abort(): void;
}

const open = new Set<string>();
let hooked = false;

function removeOpenOnSignal() {
  if (hooked) return;
  hooked = true;
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => {
      for (const f of open) rmSync(f, { force: true });
      process.exit(sig === "SIGINT" ? 130 : 143);
    });
}

export async function streamOutput(path: string): Promise<StreamedOutput> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.part`);
  const stream: WriteStream = createWriteStream(temp);
  let failure: unknown = null;
  stream.on("error", (e) => {
    failure = e;
  });
  await new Promise<void>((resolve) => {
    stream.once("open", () => resolve());
    stream.once("error", () => resolve());
  });
  const fail = () => new CliError("cli.error.write", { path, reason: reason(failure) });
  if (failure) throw fail();
  open.add(temp);
  removeOpenOnSignal();
  const abort = () => {
    stream.destroy();
    rmSync(temp, { force: true });
    open.delete(temp);
  };
  return {
    async write(chunk) {
      if (failure) throw fail();
      if (!stream.write(chunk)) {
        try {
          await once(stream, "drain");
        } catch {
          // the error is kept in `failure`
        }
      }
      if (failure) throw fail();
    },
    async commit() {
      await new Promise<void>((resolve) => stream.end(resolve));
      if (failure) {
        abort();
        throw fail();
      }
      try {
        await rename(temp, path);
      } catch (e) {
        failure = e;
        abort();
        throw fail();
      }
      open.delete(temp);
    },
    abort,
  };
}
