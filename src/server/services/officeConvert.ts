// Office documents → PDF with LibreOffice in headless mode (document printing, docs/docprint.md). One
// conversion at a time (each starts a whole office suite), taken from the users in turn (a fair queue:
// ../fairQueue.ts, OFFICE_QUEUE), each in its own temporary folder and user profile, killed after
// CONVERT_TIMEOUT_MS. When `soffice` is not installed the caller learns so (OfficeMissing) and tells
// the user which Debian packages provide it.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { FairQueue, type FairQueueOptions } from "../fairQueue";

export const OFFICE_EXTENSIONS = ["doc", "docx", "xls", "xlsx", "ppt", "pptx"] as const;
export const OFFICE_PACKAGES = "libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui";
export const CONVERT_TIMEOUT_MS = 120_000;

export class OfficeMissing extends Error {}
export class ConvertFailed extends Error {}

/** One conversion at a time; a user may have two (one running, one waiting); 32 waiting in all. */
export const OFFICE_QUEUE: FairQueueOptions = { concurrency: 1, perUser: 2, queue: 32 };
const queue = new FairQueue(OFFICE_QUEUE);

/** The program: INKLESS_SOFFICE, else `soffice` on PATH. */
const program = () => process.env.INKLESS_SOFFICE || "soffice";

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(program(), args, { timeout: CONVERT_TIMEOUT_MS, maxBuffer: 1 << 20 }, (err) => {
      if (!err) return resolve();
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return reject(new OfficeMissing(program()));
      reject(new ConvertFailed(String(err.message).slice(0, 200)));
    });
  });
}

async function convertNow(bytes: Uint8Array, ext: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "inkless-office-"));
  try {
    const input = join(dir, `document.${ext}`);
    await writeFile(input, bytes);
    await run([
      `-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`,
      "--headless",
      "--norestore",
      "--nolockcheck",
      "--convert-to",
      "pdf",
      "--outdir",
      dir,
      input,
    ]);
    try {
      return new Uint8Array(await readFile(join(dir, "document.pdf")));
    } catch {
      throw new ConvertFailed("no PDF was written");
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The document as PDF bytes, converted in `user`'s turn (refused with an ApiError past the caps). */
export function officeToPdf(user: string, bytes: Uint8Array, ext: string): Promise<Uint8Array> {
  const e = ext.toLowerCase();
  if (!(OFFICE_EXTENSIONS as readonly string[]).includes(e))
    return Promise.reject(new ConvertFailed(`not an office file: ${e}`));
  return queue.run(user, () => convertNow(bytes, e));
}
