// The language switch of the shell: the five interface languages, stored locally when chosen (and
// with the account's settings when signed in).
import { useTranslation } from "react-i18next";
import { isLanguage } from "../../i18n/messages";
import { LANGUAGES } from "../../model/constants";
import { session } from "../auth/session";
import { LANGUAGE_NAMES, setLanguage } from "../i18n";
import { saveSettings } from "../settings/userSettings";

export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className={`lang-switch ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.3-3.6C8.9 5.5 8.4 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
      </svg>
      <select
        aria-label={t("app.language.label")}
        value={i18n.language}
        onChange={(e) => {
          if (!isLanguage(e.target.value)) return;
          setLanguage(e.target.value);
          // signed in: the choice is one of the user's settings, kept with the account
          if (session.isLoggedIn()) saveSettings({ language: e.target.value }).catch(() => undefined);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
