// A queued job's pages from a given one on: the label file drawn again from the job's request
// (the same date, the same data), the pages before `from` never drawn; the first page carries the
// job's header (TSPL's settings), as after every reconnection.
import { parseLabelFile } from "../../model/file/index";
import { printJob } from "../../print/job";
import { printerSettingsOf, withJobSettings } from "../../print/settings";
import type { FontRegistry } from "../../render/fonts";
import type { NetworkPrinter } from "../config";
import { RequestError } from "../protocol";
import type { JobRequest } from "./files";

export function pagesFrom(
  req: JobRequest,
  net: NetworkPrinter,
  fonts: FontRegistry | undefined,
  from: number,
): AsyncGenerator<Uint8Array> {
  const parsed = parseLabelFile(req.xml, "label.tprt");
  if (!parsed.ok) throw new RequestError("print.assistant.badLabel");
  const own = printerSettingsOf(req.jobSettings ?? {}, net.language);
  if (own.problems.length) throw new RequestError("print.settings.bad", { setting: own.problems[0].setting });
  return printJob(parsed.doc, {
    language: net.language,
    dpi: net.dpi,
    copies: req.copies,
    choices: req.records,
    sheets: new Map(Object.entries(req.sheets)),
    counters: new Map(Object.entries(req.counters ?? {})),
    background: req.background,
    settings: withJobSettings(net.settings ?? {}, own.settings),
    fonts,
    now: new Date(req.now),
    fromPage: from,
  });
}
