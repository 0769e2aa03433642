// The §5 rename rule of cloud items, translated: not empty; none of \ / : * ? " < > |.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { NAME_FORBIDDEN_CHARS as FORBIDDEN } from "../../../model/constants";

export function useNameRule(): (name: string) => string | null {
  const { t } = useTranslation();
  return useCallback(
    (name: string) => {
      if (name.trim() === "") return t("server.validation.nameRequired");
      if (FORBIDDEN.some((c) => name.includes(c)))
        return t("server.validation.nameChars", { chars: FORBIDDEN.join(" ") });
      return null;
    },
    [t],
  );
}
