// `label queue list|clear [--printer <name>] | pause|resume|cancel|retry|dismiss <job>
// [--assistant port|ws://host:port]` (clear and dismiss: done and cancelled jobs leave the queue):
// the running print assistant's queue (its WebSocket on this computer, as a local program: no
// page origin, so no pairing). One line per job: its id, printer, state (and why it is paused),
// pages printed of the job's and labels (copies and a sheet's cells counted), and the labels the record marks (possibly printed twice, not
// confirmed by the printer).
import WebSocket from "ws";
import { ASSISTANT_PORT, type Language } from "../model/constants";
import type { Args } from "./args";
import { CliError } from "./errors";

const ACTIONS = {
  list: "queueList",
  pause: "queuePause",
  resume: "queueResume",
  cancel: "queueCancel",
  retry: "queueRetry",
  dismiss: "queueDismiss",
  clear: "queueClear",
} as const;

/** How long the assistant is given to answer. */
const ANSWER_MS = 10_000;

type T = (key: string, vars?: Record<string, string | number>) => string;

interface Entry {
  id: string;
  printer: string;
  stateText: string;
  reasonText?: string;
  errorText?: string;
  printed: number;
  total: number;
  unconfirmed: number;
  repeated: number[];
  /** labels (copies and a sheet's cells counted); absent for a job file written before */
  labelsPrinted?: number;
  labelsTotal?: number;
}

/** --assistant: a port, or ws://host:port; default this computer's assistant port. */
export function assistantAddress(v: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const given = v ?? env.INKLESS_ASSISTANT_PORT ?? String(ASSISTANT_PORT);
  if (/^\d{1,5}$/.test(given) && Number(given) > 0 && Number(given) < 65536) return `ws://127.0.0.1:${given}`;
  try {
    const u = new URL(given);
    if (u.protocol === "ws:" || u.protocol === "wss:") return u.origin.replace(/^http/, "ws");
  } catch {
    // not a URL: said below
  }
  throw new CliError("cli.error.assistantAddress", { address: given });
}

/** One request to the assistant and its answer (code 200) or its translated refusal. */
function ask(address: string, msg: Record<string, unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(address);
    const fail = (reason: string) => {
      clearTimeout(timer);
      ws.terminate();
      reject(new CliError("cli.error.assistant", { address, reason }));
    };
    const timer = setTimeout(() => fail("no answer"), ANSWER_MS);
    ws.once("open", () => ws.send(JSON.stringify({ ...msg, id: 1 })));
    ws.once("error", (e) => fail((e as NodeJS.ErrnoException).code ?? e.message));
    ws.once("message", (d) => {
      clearTimeout(timer);
      ws.close();
      let r: { code?: number; msg?: string; data?: unknown };
      try {
        r = JSON.parse(String(d));
      } catch {
        return reject(new CliError("cli.error.assistant", { address, reason: "not JSON" }));
      }
      if (r.code === 200) resolve(r.data);
      else reject(new CliError("cli.queue.refused", { reason: String(r.msg ?? r.code) }));
    });
  });
}

function line(e: Entry, t: T): string {
  const parts = [
    e.id,
    e.printer,
    e.reasonText ? `${e.stateText} (${e.reasonText})` : e.stateText,
    t("cli.queue.printed", { printed: e.printed, total: e.total }),
  ];
  if (e.labelsPrinted !== undefined && e.labelsTotal !== undefined)
    parts.push(t("cli.queue.labels", { printed: e.labelsPrinted, total: e.labelsTotal }));
  if (e.repeated.length) parts.push(t("cli.queue.repeated", { labels: e.repeated.join(", ") }));
  if (e.unconfirmed) parts.push(t("cli.queue.unconfirmed", { count: e.unconfirmed }));
  if (e.errorText) parts.push(e.errorText);
  return parts.join("  ");
}

export async function queue(args: Args, t: T, lang: Language): Promise<string> {
  const action = args.file as keyof typeof ACTIONS | undefined;
  if (!action || !Object.hasOwn(ACTIONS, action)) throw new CliError("cli.error.queueAction");
  const address = assistantAddress(args.assistant);
  const cmd = ACTIONS[action];
  if (cmd === "queueList") {
    if (args.job !== undefined) throw new CliError("cli.error.tooManyArgs", { arg: args.job });
    const data = (await ask(address, { cmd, lang, ...(args.printer ? { printer: args.printer } : {}) })) as {
      jobs: Entry[];
      damaged: { file: string; reason: string }[];
    };
    const lines = data.jobs.map((e) => line(e, t));
    for (const d of data.damaged) lines.push(t("cli.queue.damaged", d));
    return `${lines.length ? lines.join("\n") : t("cli.queue.empty")}\n`;
  }
  if (cmd === "queueClear") {
    if (args.job !== undefined) throw new CliError("cli.error.tooManyArgs", { arg: args.job });
    const data = (await ask(address, { cmd, lang, ...(args.printer ? { printer: args.printer } : {}) })) as {
      removed: number;
    };
    return `${t("cli.queue.cleared", { count: data.removed })}\n`;
  }
  if (!args.job) throw new CliError("cli.error.queueAction");
  return `${line((await ask(address, { cmd, lang, job: args.job })) as Entry, t)}\n`;
}
