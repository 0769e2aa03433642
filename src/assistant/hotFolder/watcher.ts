// The hot folder (docs/assistant.md "Hot folder"): software that can only write files drops a CSV
// or JSON file in a folder; the assistant prints it through its durable print queue and moves it to
// `done/` or `failed/` (with `<name>.reason.txt`, the reason in the job's language).
//
// The folder is polled (fs.watch misses events on network shares and differs per system). A file is
// taken once its size and time are the same at two polls in a row (still being written otherwise);
// names starting with "." or ending in .tmp/.part are never taken, so a writer may also write under
// such a name and rename it in. A taken file is moved to `printing/` first: after a restart, what is
// found there is not printed again (its job stays in the print queue) but moved to failed/ with the
// reason. Files are printed one after another, in name order; nothing a file holds stops the loop.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { extname, join } from "node:path";
import { recordCount } from "../../data/index";
import { recordSheets } from "../../data/recordSheets";
import { translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import { parseLabelFile } from "../../model/file/index";
import { cellsPerPage, printedOf } from "../../print/plan";
import type { JobProgress } from "../../print/protocol/queue";
import type { PrintService } from "../printing";
import { RequestError } from "../protocol";
import {
  type CloudTemplate,
  type CloudTemplateSource,
  cloudTemplate,
  isCloudTemplateId,
} from "./cloudTemplate";
import {
  HOT_FILE_MAX_BYTES,
  isJobFile,
  isSidecar,
  isTemplateFile,
  readHotJob,
  readTemplate,
  sidecarName,
} from "./job";
import type { HotFolderSettings } from "./settings";

export interface RunningHotFolder {
  close(): Promise<void>;
}

const OWN = new Set(["done", "failed", "printing"]);
const ignored = (name: string) => name.startsWith(".") || /\.(tmp|part)$/i.test(name) || OWN.has(name);

/** `name` in `folder`, or `name (1)`, `name (2)`… when taken. */
function freeName(folder: string, name: string): string {
  const ext = extname(name);
  const base = name.slice(0, name.length - ext.length);
  let out = name;
  for (let n = 1; existsSync(join(folder, out)) || existsSync(join(folder, `${out}.reason.txt`)); n++)
    out = `${base} (${n})${ext}`;
  return out;
}

export function startHotFolder(
  settings: HotFolderSettings,
  deps: {
    service: PrintService;
    log: (line: string) => void;
    /** the token and the saved copies' folder for cloud templates named by id (none: such a job
     * fails, asking for a token) */
    cloud?: Omit<CloudTemplateSource, "server">;
    /** called after each look at the folder (tests write between two looks) */
    polled?: () => void;
  },
): RunningHotFolder {
  const { dir } = settings;
  const sub = (s: string) => join(dir, s);
  for (const s of OWN) mkdirSync(sub(s), { recursive: true });
  /** size:mtime of each file at the last poll */
  const seen = new Map<string, string>();
  let closed = false;
  let stop: () => void = () => {};
  /** resolves when close() is called: a job being followed is left to the queue */
  const stopping = new Promise<null>((ok) => {
    stop = () => ok(null);
  });
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((ok) => {
      const t = setTimeout(() => {
        wake = null;
        ok();
      }, ms);
      wake = () => {
        clearTimeout(t);
        wake = null;
        ok();
      };
    });

  /** Moves `name` (and its sidecar) from `from` to `to`; the reason file beside it when failed. */
  function move(from: string, name: string, to: "done" | "failed" | "printing", reason?: string): string {
    const target = freeName(sub(to), name);
    renameSync(join(from, name), join(sub(to), target));
    const side = sidecarName(name);
    if (side !== name && existsSync(join(from, side)))
      renameSync(join(from, side), join(sub(to), freeName(sub(to), side)));
    if (reason !== undefined) writeFileSync(join(sub(to), `${target}.reason.txt`), `${reason}\n`);
    return target;
  }

  function failed(from: string, name: string, e: unknown, lang: Language): void {
    const reason =
      e instanceof RequestError
        ? e.text(lang)
        : translate("print.hotFolder.unexpected", { detail: String((e as Error)?.message ?? e) }, lang);
    try {
      move(from, name, "failed", reason);
      deps.log(`hot folder: ${name} failed: ${reason}`);
    } catch (err) {
      deps.log(`hot folder: ${name} failed (${reason}) and could not be moved: ${(err as Error).message}`);
    }
  }

  /** `<name>.result.txt` beside a done file printed from a cloud template: which version, and
   * whether it was the saved copy (the server could not be reached). */
  function writeResult(target: string, t: CloudTemplate, lang: Language): void {
    const vars = { name: t.name, version: t.version, server: settings.server ?? "", detail: t.offline ?? "" };
    const text = translate(
      t.offline ? "print.hotFolder.cloudPrintedOffline" : "print.hotFolder.cloudPrinted",
      vars,
      lang,
    );
    try {
      writeFileSync(join(sub("done"), `${target}.result.txt`), `${text}\n`);
    } catch (e) {
      deps.log(`hot folder: ${target}: the result file could not be written: ${(e as Error).message}`);
    }
  }

  /** Follows a queued job until it is done, failed or cancelled (a paused job goes on by itself). */
  async function follow(id: string): Promise<JobProgress | null> {
    for (;;) {
      const p = await Promise.race([deps.service.queue.settled(id), stopping]);
      if (p === null || closed) return null;
      if (p.state !== "paused") return p;
      while (!closed && deps.service.queue.list().find((j) => j.id === id)?.state === "paused")
        await sleep(settings.pollMs);
    }
  }

  async function print(name: string): Promise<void> {
    let lang = settings.language;
    const from = sub("printing");
    try {
      move(dir, name, "printing");
    } catch (e) {
      deps.log(`hot folder: ${name} could not be taken: ${(e as Error).message}`);
      return;
    }
    try {
      const side = join(from, sidecarName(name));
      const job = await readHotJob(
        name,
        readFileSync(join(from, name)),
        existsSync(side) ? readFileSync(side, "utf8") : null,
      );
      lang = job.language ?? lang;
      // a cloud template's id, else a label file inside the folder
      const cloud = isCloudTemplateId(job.template)
        ? await cloudTemplate(
            { server: settings.server ?? "", token: null, cacheDir: "", ...deps.cloud },
            job.template,
            lang,
          )
        : null;
      if (cloud?.offline)
        deps.log(`hot folder: ${name}: the server cannot be reached, printing the saved copy`);
      const xml = cloud ? cloud.label : readTemplate(dir, job.template);
      const parsed = parseLabelFile(xml, "label.tprt");
      if (!parsed.ok) throw new RequestError("print.assistant.badLabel");
      const sheets = recordSheets(parsed.doc, job.records);
      const queued = await deps.service.enqueue({
        cmd: "outputPrintting",
        lang,
        printer: job.printer,
        xml,
        copies: job.copies,
        sheets,
      });
      deps.log(`hot folder: ${name} queued as job ${queued.id} on ${job.printer}`);
      const end = await follow(queued.id);
      if (!end) return; // closing, the job still in the queue: found in printing/ at the next start
      // the queue counts pages; the log and the reason count labels (a sheet's page holds several)
      const { attrs } = parsed.doc;
      const count = {
        labels: recordCount(parsed.doc, sheets),
        perPage: cellsPerPage(attrs.columns, attrs.rows),
      };
      const printed = printedOf({ ...count, copies: job.copies }, end).labels;
      const total = count.labels * job.copies;
      if (end.state === "done") {
        const target = move(from, name, "done");
        if (cloud) writeResult(target, cloud, lang);
        deps.log(`hot folder: ${name} printed (${printed} of ${total} labels)`);
      } else if (end.state === "failed" && end.error)
        failed(from, name, new RequestError(end.error.key, end.error.vars), lang);
      else
        failed(
          from,
          name,
          new RequestError("print.queue.cancelled", { printer: end.printer, printed, total }),
          lang,
        );
    } catch (e) {
      failed(from, name, e, lang);
    }
  }

  /** One look at the folder: files unchanged since the last look are taken, the rest remembered. */
  async function poll(): Promise<void> {
    const names = readdirSync(dir)
      .filter((n) => !ignored(n))
      .sort();
    const now = new Map<string, string>();
    for (const name of names) {
      if (closed) return;
      let st: ReturnType<typeof lstatSync>;
      try {
        st = lstatSync(join(dir, name));
      } catch {
        continue; // gone meanwhile
      }
      // folders, sidecars and label files (the templates jobs name) stay where they are
      if (st.isDirectory() || isSidecar(name) || isTemplateFile(name)) continue;
      const mark = `${st.size}:${st.mtimeMs}`;
      if (seen.get(name) !== mark) {
        now.set(name, mark);
        continue;
      }
      if (!st.isFile())
        failed(dir, name, new RequestError("print.hotFolder.notFile", { name }), settings.language);
      else if (!isJobFile(name))
        failed(dir, name, new RequestError("print.hotFolder.notJob", { name }), settings.language);
      else if (st.size > HOT_FILE_MAX_BYTES)
        failed(
          dir,
          name,
          new RequestError("print.hotFolder.tooLarge", { max: HOT_FILE_MAX_BYTES / 1024 / 1024 }),
          settings.language,
        );
      else await print(name);
    }
    seen.clear();
    for (const [k, v] of now) seen.set(k, v);
  }

  // files left in printing/ by a run that stopped: their jobs are in the print queue already
  for (const name of readdirSync(sub("printing")).filter((n) => !isSidecar(n) && !n.endsWith(".reason.txt")))
    failed(sub("printing"), name, new RequestError("print.hotFolder.interrupted"), settings.language);

  const loop = (async () => {
    while (!closed) {
      try {
        await poll();
      } catch (e) {
        deps.log(`hot folder: ${dir} could not be read: ${(e as Error).message}`);
      }
      deps.polled?.();
      if (!closed) await sleep(settings.pollMs);
    }
  })();

  return {
    async close() {
      closed = true;
      stop();
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
