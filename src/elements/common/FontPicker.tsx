// Font family picker (spec §5 Font): recent fonts first, member-only fonts marked premium. A non-member
// choosing one gets the membership prompt and the font stays as it was (tip125); a font that fails to
// load shows tip126 and keeps the previous font.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMembershipOn } from "../../app/auth/membership";
import { message } from "../../app/ui/message";
import { MembershipPrompt } from "../../editor/appDialogs";
import { TIP } from "../../i18n/tips";
import {
  type FontChoice,
  fetchFontList,
  fetchIsMember,
  loadFontChoice,
  pushRecentFont,
  readRecentFonts,
  SHIPPED_FONTS,
} from "./fonts";

interface FontPickerProps {
  /** undefined: the selection has differing fonts */
  readonly value: string | undefined;
  readonly onChange: (family: string, url: string) => void;
  readonly testId?: string;
}

const storage = (): Storage | null => (typeof localStorage === "undefined" ? null : localStorage);

export function FontPicker({ value, onChange, testId = "panel-font" }: FontPickerProps) {
  const { t } = useTranslation();
  const [fonts, setFonts] = useState<FontChoice[]>([...SHIPPED_FONTS]);
  const [recent, setRecent] = useState<string[]>(() => {
    const s = storage();
    return s ? readRecentFonts(s) : [];
  });
  const [prompt, setPrompt] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    fetchFontList().then((l) => live && setFonts(l));
    return () => {
      live = false;
    };
  }, []);

  const choose = async (name: string) => {
    const f = fonts.find((x) => x.name === name);
    if (!f || name === value) return;
    setBusy(true);
    try {
      if (f.premium && !(await fetchIsMember())) {
        setPrompt(true);
        return;
      }
      if (!(await loadFontChoice(f))) {
        message.warning(t(TIP.fontLoadFailed));
        return;
      }
      const s = storage();
      if (s) setRecent(pushRecentFont(s, f.name));
      onChange(f.name, f.url);
    } finally {
      setBusy(false);
    }
  };

  // with membership switched off every font is open: no member marker
  const marked = useMembershipOn() !== false;
  const label = (f: FontChoice) => {
    const scripts = f.scripts.map((id) => t(`elements.font.script.${id}`)).join(", ");
    const name = scripts ? `${f.name} (${scripts})` : f.name;
    return f.premium && marked ? `${name} ★ ${t("elements.font.premium")}` : name;
  };
  const recentFonts = recent.map((n) => fonts.find((f) => f.name === n)).filter((f): f is FontChoice => !!f);
  const known = value === undefined || fonts.some((f) => f.name === value);
  return (
    <>
      <label className="ink-field">
        <span>{t("elements.font.family")}</span>
        <select
          value={value ?? ""}
          disabled={busy}
          data-testid={testId}
          onChange={(e) => void choose(e.target.value)}
        >
          {value === undefined && <option value="" />}
          {!known && <option value={value}>{value}</option>}
          {recentFonts.length > 0 && (
            <optgroup label={t("elements.font.recent")}>
              {recentFonts.map((f) => (
                <option key={`r-${f.name}`} value={f.name}>
                  {label(f)}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label={t("elements.font.all")}>
            {fonts
              .filter((f) => !recent.includes(f.name))
              .map((f) => (
                <option key={f.name} value={f.name} data-premium={f.premium ? "1" : undefined}>
                  {label(f)}
                </option>
              ))}
          </optgroup>
        </select>
      </label>
      {prompt && <MembershipPrompt text={t(TIP.fontMembersOnly)} onClose={() => setPrompt(false)} />}
    </>
  );
}
