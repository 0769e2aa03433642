// Setting up printers from the web app (the My printer page): add, change (rename), remove a network
// printer, print its test label, ask its state, calibrate it, look for printers on the LAN, what the assistant is (version,
// cloud device serial and code), the web app sites it trusts (see and forget them; only a trusted
// site reaches these commands: server.ts), and the print queue (list, pause, resume, cancel, retry). Every change is validated here and kept by the store in the
// assistant's settings file.
import type { Language } from "../model/constants";
import { serializeTprt } from "../model/file/index";
import { isQueueCommand, QUEUE_COMMANDS } from "../print/protocol/queue";
import { calibrationLabel } from "./calibration";
import { type NetworkPrinter, printerOf } from "./config";
import type { PrintService } from "./printing";
import { RequestError } from "./protocol";
import { queueCommand } from "./queue/commands";
import { forgetSite } from "./sites";

/** Network printers the assistant keeps at most. */
export const MAX_PRINTERS = 100;

export const MANAGE_COMMANDS = [
  "addPrinter",
  "updatePrinter",
  "removePrinter",
  "testPrint",
  "printerStatus",
  "calibratePrinter",
  "discoverPrinters",
  "getAssistantInfo",
  "listSites",
  "forgetSite",
  ...QUEUE_COMMANDS,
] as const;
export type ManageCommand = (typeof MANAGE_COMMANDS)[number];

export const isManageCommand = (cmd: unknown): cmd is ManageCommand =>
  (MANAGE_COMMANDS as readonly unknown[]).includes(cmd);

export interface AssistantInfo {
  readonly version: string;
  /** the cloud device this assistant is (serial and verification code to bind it), or null */
  readonly cloud: { readonly server: string; readonly sn: string; readonly code: string } | null;
}

export interface ManageDeps {
  readonly service: PrintService;
  /** a LAN search (discover.ts) */
  readonly discover: () => Promise<unknown>;
  readonly info: () => AssistantInfo;
}

function entry(v: unknown): NetworkPrinter {
  const p = printerOf(v);
  if (!p) throw new RequestError("print.assistant.badPrinter");
  return p;
}

const nameOf = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export async function manage(
  cmd: ManageCommand,
  o: Record<string, unknown>,
  lang: Language,
  deps: ManageDeps,
  /** the web app that asked (the test label's fonts come from there) */
  origin?: string,
): Promise<unknown> {
  const store = deps.service.store;
  const list = store.printers;
  const find = (name: string) => {
    const p = list.find((x) => x.name === name);
    if (!p) throw new RequestError("print.assistant.unknownPrinter", { name });
    return p;
  };
  switch (cmd) {
    case "addPrinter": {
      const p = entry(o.printer);
      if (list.some((x) => x.name === p.name))
        throw new RequestError("print.assistant.printerExists", { name: p.name });
      if (list.length >= MAX_PRINTERS)
        throw new RequestError("print.assistant.tooManyPrinters", { max: MAX_PRINTERS });
      store.setPrinters([...list, p]);
      return deps.service.printers();
    }
    case "updatePrinter": {
      const old = find(nameOf(o.name));
      const p = entry(o.printer);
      if (p.name !== old.name && list.some((x) => x.name === p.name))
        throw new RequestError("print.assistant.printerExists", { name: p.name });
      store.setPrinters(list.map((x) => (x === old ? p : x)));
      return deps.service.printers();
    }
    case "removePrinter": {
      const old = find(nameOf(o.name));
      store.setPrinters(list.filter((x) => x !== old));
      return deps.service.printers();
    }
    case "testPrint": {
      const p = find(nameOf(o.name));
      return deps.service.print(
        {
          cmd: "outputPrintting",
          lang,
          printer: p.name,
          xml: serializeTprt(calibrationLabel(p)),
          copies: 1,
          sheets: new Map(),
        },
        origin,
      );
    }
    case "printerStatus":
      return deps.service.status(nameOf(o.name));
    case "calibratePrinter":
      await deps.service.calibrate(find(nameOf(o.name)).name);
      return { ok: true };
    case "discoverPrinters":
      return deps.discover();
    case "getAssistantInfo":
      return deps.info();
    case "listSites":
      return store.allowedOrigins;
    case "forgetSite":
      forgetSite(store, o.site);
      return store.allowedOrigins;
    default:
      if (isQueueCommand(cmd)) return queueCommand(deps.service.queue, cmd, o, lang);
      throw new RequestError("print.assistant.badMessage");
  }
}
