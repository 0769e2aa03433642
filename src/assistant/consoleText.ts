// What the assistant writes in its own window (the terminal or console it opens), in the computer's
// language: INKLESS_LANG, LC_ALL, LC_MESSAGES, LANG, then the system locale as Node's Intl reports
// it (a program double-clicked on Windows or macOS gets no LANG). The download page's picture of the
// window is drawn from these same lines (e2e/app/help-shots.spec.ts).
import { pickLanguage, translate } from "../i18n/messages";
import type { Language } from "../model/constants";
import { formatPairCode } from "../print/protocol/pairCode";
import { PAIR_CODE_TTL_MS } from "./pairing";

export const assistantLanguage = (env: NodeJS.ProcessEnv = process.env): Language =>
  pickLanguage(
    env.INKLESS_LANG,
    env.LC_ALL,
    env.LC_MESSAGES,
    env.LANG,
    Intl.DateTimeFormat().resolvedOptions().locale,
  );

/** The line that shows a new pairing code. */
export const pairCodeLine = (code: string, lang: Language) =>
  translate(
    "assistant.console.pairCode",
    { code: formatPairCode(code), minutes: PAIR_CODE_TTL_MS / 60_000 },
    lang,
  );

/** The question the person at the computer answers with y (the app's pairing form quotes it). */
export const confirmQuestion = (origin: string, lang: Language) =>
  translate("assistant.console.confirm", { origin }, lang);

/** Windows shows the console window's title in the taskbar: the code is seen without scrolling. */
export const windowTitle = (code: string, lang: Language) =>
  translate("assistant.console.title", { code: formatPairCode(code) }, lang);

export const lockedLine = (canUnlockHere: boolean, lang: Language) =>
  translate(canUnlockHere ? "assistant.console.lockedEnter" : "assistant.console.lockedRestart", {}, lang);

export interface StartState {
  readonly address: string;
  readonly settingsFile: string;
  readonly queueFolder: string;
  readonly origins: readonly string[];
  readonly printers: readonly string[];
  /** a terminal answers questions and takes commands */
  readonly terminal: boolean;
  readonly noConfirm: boolean;
}

/** The lines shown once the assistant listens. */
export function startLines(s: StartState, lang: Language): string[] {
  const say = (key: string, vars: Record<string, string> = {}) =>
    translate(`assistant.console.${key}`, vars, lang);
  const lines = [
    say("listening", { address: s.address }),
    `  ${say("settings", { file: s.settingsFile })}`,
    `  ${say("queue", { folder: s.queueFolder })}`,
    `  ${s.origins.length ? say("allowed", { sites: s.origins.join(", ") }) : say("noneYet")}`,
    ...s.printers.map((p) => `  ${p}`),
  ];
  if (s.terminal) lines.push(`  ${say("commands")}`);
  if (s.noConfirm) lines.push(`  ${say("noConfirm")}`);
  else if (!s.terminal) lines.push(`  ${say("pairingOff")}`);
  return lines;
}
