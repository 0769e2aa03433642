// User-facing text of a code generation failure: the translated key, plus the encoder's detail after
// a colon (tip111, spec §8).

import { translate } from "../i18n/messages";
import type { Language } from "../model/constants";
import type { CodeError } from "./types";

export function codeErrorMessage(
  err: Pick<CodeError, "key" | "vars" | "detail">,
  lang: Language = "en",
): string {
  const base = translate(err.key, { ...err.vars }, lang);
  return err.detail ? `${base}: ${err.detail}` : base;
}
