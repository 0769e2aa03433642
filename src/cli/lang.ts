// The CLI's language: INKLESS_LANG, then LC_ALL, LC_MESSAGES and LANG; English when none is ours.
import { pickLanguage } from "../i18n/language";
import type { Language } from "../model/constants";

export const cliLanguage = (env: NodeJS.ProcessEnv = process.env): Language =>
  pickLanguage(env.INKLESS_LANG, env.LC_ALL, env.LC_MESSAGES, env.LANG);
