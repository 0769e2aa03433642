// A settings section's form: its fields follow the user's settings until edited (they may arrive after
// the page, from another browser), and saving sends the section's part and confirms it.
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserSettings } from "../../../model/settings";
import { saveSettings, useSettings } from "../../settings/userSettings";
import { message } from "../../ui/message";

export function useSettingsForm<F extends object>(
  toForm: (s: UserSettings) => F,
  toPatch: (form: F, s: UserSettings) => Partial<UserSettings>,
) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [form, setForm] = useState(() => toForm(settings));
  const [edited, setEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: toForm is a pure mapping of settings
  useEffect(() => {
    if (!edited) setForm(toForm(settings));
  }, [settings, edited]);

  const edit = (patch: Partial<F>) => {
    setEdited(true);
    setForm((f) => ({ ...f, ...patch }));
  };
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await saveSettings(toPatch(form, settings));
      setEdited(false);
      message.success(t("app.settings.saved"));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }
  return { settings, form, edit, busy, save };
}
