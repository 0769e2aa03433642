// Office documents → PDF with LibreOffice in headless mode (document printing, docs/docprint.md). One
// conversion at a time (each starts a whole office suite), taken from the users in turn (a fair queue:
// ../fairQueue.ts, OFFICE_QUEUE), each in its own temporary folder and user profile. Only real office
// containers go in (./officeFiles.ts: by their bytes, so HTML renamed .doc is refused); LibreOffice runs cut off from the network under memory and output caps
// (./officeSandbox.ts), its whole process group is killed after the time limit, and at most
// MAX_DOC_PAGES pages are written. When `soffice` is not installed the caller learns so
// (OfficeMissing) and tells the user which Debian packages provide it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { MAX_DOC_PAGES } from "../../docprint/limits";
import { FairQueue, type FairQueueOptions } from "../fairQueue";
import { officeContainer } from "./officeFiles";
import { findProgram, isolation } from "./officeSandbox";

export const OFFICE_EXTENSIONS = ["doc", "docx", "xls", "xlsx", "ppt", "pptx"] as const;
export const OFFICE_PACKAGES = "libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui";
export const CONVERT_TIMEOUT_MS = 120_000;
/** The time limit of one conversion: INKLESS_OFFICE_TIMEOUT_MS, else CONVERT_TIMEOUT_MS. */
export const convertTimeoutMs = () => Number(process.env.INKLESS_OFFICE_TIMEOUT_MS) || CONVERT_TIMEOUT_MS;

export class OfficeMissing extends Error {}
export class ConvertFailed extends Error {}
/** The bytes are not an office document (whatever the extension says). */
export class NotOffice extends Error {}
/** No network namespace can be made here: conversions are refused rather than run with network. */
export class NoIsolation extends Error {}
/** The conversion ran past its time limit and was killed. */
export class ConvertTimeout extends Error {}

/** The PDF export filter of the application that opens each extension, writing pages 1…MAX_DOC_PAGES. */
function pdfFilter(ext: string): string {
  const app = ext.startsWith("xls") ? "calc" : ext.startsWith("ppt") ? "impress" : "writer";
  const options = JSON.stringify({ PageRange: { type: "string", value: `1-${MAX_DOC_PAGES}` } });
  return `pdf:${app}_pdf_Export:${options}`;
}

/** One conversion at a time; a user may have two (one running, one waiting); 32 waiting in all. */
export const OFFICE_QUEUE: FairQueueOptions = { concurrency: 1, perUser: 2, queue: 32 };
const queue = new FairQueue(OFFICE_QUEUE);

/** The program: INKLESS_SOFFICE, else `soffice` on PATH. */
const program = () => process.env.INKLESS_SOFFICE || "soffice";

/** Runs the command in a process group of its own; the whole group is killed after the time limit. */
function run(command: string[], home: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // an environment of its own: none of the server's settings (database, S3, mail secrets)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: home, LANG: "C.UTF-8" };
    const child = spawn(command[0], command.slice(1), { detached: true, stdio: "ignore", env });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {}
    };
    let timedOut = false;
    const limit = convertTimeoutMs();
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, limit);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(new ConvertFailed(e.message.slice(0, 200)));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      // helpers LibreOffice may have left behind go with the group
      killGroup();
      if (timedOut) reject(new ConvertTimeout(`killed after ${limit} ms`));
      else if (code === 0) resolve();
      else reject(new ConvertFailed(`exit ${code ?? signal}`));
    });
  });
}

async function convertNow(bytes: Uint8Array, ext: string, hide: readonly string[]): Promise<Uint8Array> {
  const soffice = await findProgram(program());
  if (!soffice) throw new OfficeMissing(program());
  const sandbox = await isolation();
  if (!sandbox) throw new NoIsolation("no network namespace can be made here");
  const dir = await mkdtemp(join(tmpdir(), "inkless-office-"));
  try {
    const input = join(dir, `document.${ext}`);
    await writeFile(input, bytes);
    // (never a folder that holds the conversion's own)
    const covered = hide.filter((d) => existsSync(d) && !dir.startsWith(`${d}/`));
    const command = [
      soffice,
      `-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`,
      "--headless",
      "--norestore",
      "--nolockcheck",
      "--convert-to",
      pdfFilter(ext),
      "--outdir",
      dir,
      input,
    ];
    await run(sandbox(covered, command), dir);
    try {
      return new Uint8Array(await readFile(join(dir, "document.pdf")));
    } catch {
      throw new ConvertFailed("no PDF was written");
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The document as PDF bytes, converted in `user`'s turn (refused with an ApiError past the caps);
 * `hide`: folders LibreOffice must not see (the server's data folder).
 */
export function officeToPdf(
  user: string,
  bytes: Uint8Array,
  ext: string,
  hide: readonly string[] = [],
): Promise<Uint8Array> {
  const e = ext.toLowerCase();
  if (!(OFFICE_EXTENSIONS as readonly string[]).includes(e))
    return Promise.reject(new NotOffice(`not an office file: ${e}`));
  if (!officeContainer(bytes)) return Promise.reject(new NotOffice("not an office container"));
  return queue.run(user, () => convertNow(bytes, e, hide));
}
