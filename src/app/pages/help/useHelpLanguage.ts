// The language the help centre shows: the interface language.
import { useTranslation } from "react-i18next";
import { pickLanguage } from "../../../i18n/messages";
import type { Language } from "../../../model/constants";

export function useHelpLanguage(): Language {
  const { i18n } = useTranslation();
  return pickLanguage(i18n.language);
}
