// The assistant's settings: where it listens and which network label printers it knows.
// From ~/.inkless-assistant.json (or the file named by INKLESS_ASSISTANT_CONFIG), then overridden
// by INKLESS_ASSISTANT_PORT / INKLESS_ASSISTANT_HOST / INKLESS_PRINTERS (a JSON array) /
// INKLESS_ASSISTANT_ORIGINS (comma-separated web app origins; default DEFAULT_ORIGINS).
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { ASSISTANT_PORT } from "../model/constants";
import { normalDpi } from "../print/dots";
import type { PrinterLanguage } from "../print/job";
import { type PrinterSettings, printerSettingsOf } from "../print/settings";
import { MAX_LABEL_MM, MIN_LABEL_MM } from "../print/stock";
import { writeFileAtomic } from "./atomicFile";
import { type HotFolderSettings, hotFolderSettingsOf } from "./hotFolder/settings";
import { type ZplPrinterSettings, zplPrinterSettingsOf } from "./zplPrinter/settings";

export const RAW_PRINT_PORT = 9100;
/** The web app's own address when `npm start` runs with its defaults. */
export const DEFAULT_ORIGINS = ["http://127.0.0.1:8080", "http://localhost:8080"] as const;

/** "https://Labels.example.com/" → "https://labels.example.com"; "" when it is not an http(s) origin. */
export function normalOrigin(v: unknown): string {
  try {
    const u = new URL(text(v, 300));
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : "";
  } catch {
    return "";
  }
}

function originsOf(env: string | undefined, raw: unknown): string[] {
  const list = env !== undefined && env.trim() !== "" ? env.split(",") : Array.isArray(raw) ? raw : null;
  if (!list) return [...DEFAULT_ORIGINS];
  return [...new Set(list.map(normalOrigin).filter(Boolean))];
}

export interface NetworkPrinter {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly language: PrinterLanguage;
  readonly dpi: number;
  /** its own settings: darkness, speed, media (gap, mark, continuous) with the gap's size… */
  readonly settings?: PrinterSettings;
  /** the label size it is loaded with (the test label's size), in mm */
  readonly widthMm?: number;
  readonly heightMm?: number;
}

export interface AssistantConfig {
  readonly host: string;
  readonly port: number;
  readonly printers: readonly NetworkPrinter[];
  /** list CUPS queues with lpstat and print to them with lp (default true) */
  readonly cups: boolean;
  /** web page origins allowed to connect (browsers from any other origin get 403); programs that
   * send no Origin are local and always allowed */
  readonly origins: readonly string[];
  /** the virtual ZPL printer (`zplPrinter` in the file; absent or null: off) */
  readonly zplPrinter?: ZplPrinterSettings | null;
  /** the hot folder (`hotFolder` in the file, or `--hot-folder <dir>`; absent or null: off) */
  readonly hotFolder?: HotFolderSettings | null;
  /** the personal access token the hot folder reads cloud templates with (`--token`, or `apiToken`
   * in the settings file); "" none */
  readonly apiToken?: string;
}

const text = (v: unknown, max = 200) => (typeof v === "string" ? v.trim().slice(0, max) : "");

/** A printer entry's settings; files written before settings existed had `gap` and `mark` ("black")
 * at the top: they are read into the settings. Invalid values are dropped (the printer's own apply). */
function settingsOf(o: Record<string, unknown>, language: PrinterLanguage): PrinterSettings {
  const legacy = {
    ...(o.gap !== undefined ? { gapMm: o.gap } : {}),
    ...(o.mark === "black" ? { media: "mark" } : o.mark === "gap" ? { media: "gap" } : {}),
  };
  const given = o.settings && typeof o.settings === "object" ? o.settings : {};
  return printerSettingsOf({ ...legacy, ...given }, language).settings;
}

/** One printer entry, or null when it lacks a name or host (bad entries are skipped, not fatal). */
export function printerOf(v: unknown): NetworkPrinter | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const name = text(o.name);
  const host = text(o.host);
  if (!name || !host) return null;
  const port = Number(o.port ?? RAW_PRINT_PORT);
  const language = text(o.language).toUpperCase() === "ZPL" ? "ZPL" : "TSPL";
  const size = (v: unknown) => {
    const n = Number(v);
    return Number.isFinite(n) && n >= MIN_LABEL_MM && n <= MAX_LABEL_MM ? Math.round(n * 10) / 10 : undefined;
  };
  const widthMm = size(o.widthMm);
  const heightMm = size(o.heightMm);
  return {
    name,
    host,
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : RAW_PRINT_PORT,
    language,
    dpi: normalDpi(o.dpi),
    settings: settingsOf(o, language),
    ...(widthMm && heightMm ? { widthMm, heightMm } : {}),
  };
}

/** The settings file: INKLESS_ASSISTANT_CONFIG, else ~/.inkless-assistant.json. */
export const settingsFile = (env: NodeJS.ProcessEnv = process.env) =>
  env.INKLESS_ASSISTANT_CONFIG || join(homedir(), ".inkless-assistant.json");

/** The print queue's folder: INKLESS_ASSISTANT_QUEUE, else `inkless-assistant-queue` beside the
 * settings file (~/.inkless-assistant-queue by default). */
export const queueFolder = (env: NodeJS.ProcessEnv = process.env) =>
  env.INKLESS_ASSISTANT_QUEUE || join(dirname(settingsFile(env)), ".inkless-assistant-queue");

/** The saved cloud templates' folder (hotFolder/cloudTemplate.ts): INKLESS_ASSISTANT_TEMPLATES, else
 * `.inkless-assistant-templates` beside the settings file. */
export const templateFolder = (env: NodeJS.ProcessEnv = process.env) =>
  env.INKLESS_ASSISTANT_TEMPLATES || join(dirname(settingsFile(env)), ".inkless-assistant-templates");

/** The settings file's object; {} when it is missing or not a JSON object. */
export function readSettings(file: string): Record<string, unknown> {
  try {
    const v = JSON.parse(readFileSync(file, "utf8"));
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Replaces the settings file atomically (a temp file renamed over it), readable by its owner only. */
export function writeSettings(file: string, all: Record<string, unknown>): void {
  writeFileAtomic(file, `${JSON.stringify(all, null, 2)}\n`);
}

/** `<flag> <value>` on the command line (e.g. `--hot-folder <dir>`), if given. */
export const flagValue = (argv: readonly string[], flag: string) => {
  const at = argv.indexOf(flag);
  return at < 0 ? undefined : argv[at + 1];
};

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): AssistantConfig {
  const raw = readSettings(settingsFile(env));
  let printers: unknown = raw.printers;
  if (env.INKLESS_PRINTERS) {
    try {
      printers = JSON.parse(env.INKLESS_PRINTERS);
    } catch {
      printers = [];
    }
  }
  const port = Number(env.INKLESS_ASSISTANT_PORT ?? raw.port ?? ASSISTANT_PORT);
  return {
    host: text(env.INKLESS_ASSISTANT_HOST) || text(raw.host) || "127.0.0.1",
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : ASSISTANT_PORT,
    printers: (Array.isArray(printers) ? printers : []).map(printerOf).filter((p) => p !== null),
    cups: raw.cups !== false && env.INKLESS_ASSISTANT_CUPS !== "0",
    origins: originsOf(env.INKLESS_ASSISTANT_ORIGINS, raw.origins),
    zplPrinter: zplPrinterSettingsOf(raw.zplPrinter),
    hotFolder: hotFolderSettingsOf(
      raw.hotFolder,
      { dir: flagValue(argv, "--hot-folder"), server: flagValue(argv, "--server") },
      [
        (raw.cloud as Record<string, unknown> | undefined)?.server,
        ...originsOf(env.INKLESS_ASSISTANT_ORIGINS, raw.origins),
      ],
    ),
    apiToken: text(flagValue(argv, "--token")) || text(raw.apiToken),
  };
}
