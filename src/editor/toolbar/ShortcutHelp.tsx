// The help popover of the "?" buttons (top bar and bottom bar): the help centre's editor article (in a
// new tab, so the label stays open), the way back into the editing guide, and every binding of the
// action registry.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { articleHref, EDITOR_GUIDE_SLUG } from "../../help/links";
import { ACTIONS } from "../actions/registry";
import { kbdLabel } from "../actions/types";
import { Icon } from "./icons";

export function ShortcutHelp({
  placement,
  onGuide,
}: {
  readonly placement: "top" | "bottom";
  /** reopens the editing guide */
  readonly onGuide: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes it and gives the focus back to its button
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      ref.current?.querySelector("button")?.focus();
    };
    window.addEventListener("pointerdown", away, true);
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("pointerdown", away, true);
      window.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const rows = ACTIONS.filter((a) => a.kbd?.length);
  return (
    <div className="ink-help" ref={ref}>
      <button
        type="button"
        className="ink-tool"
        aria-label={t("editor.help.title")}
        aria-expanded={open}
        title={t("editor.help.title")}
        data-testid={`help-${placement}`}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="help" />
      </button>
      {open && (
        <div
          className={`ink-popover is-${placement}`}
          role="dialog"
          aria-label={t("editor.help.title")}
          data-testid="shortcut-help"
        >
          <a
            className="ink-help-centre"
            href={articleHref(EDITOR_GUIDE_SLUG)}
            target="_blank"
            rel="noreferrer"
            data-testid="help-centre-link"
          >
            {t("editor.help.centre")}
          </a>
          <button
            type="button"
            className="ink-btn"
            data-testid="guide-open"
            onClick={() => {
              setOpen(false);
              onGuide();
            }}
          >
            {t("editor.guide.open")}
          </button>
          <table>
            <caption>{t("editor.help.shortcuts")}</caption>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td>{t(a.labelKey)}</td>
                  <td>
                    {a.kbd?.map((k) => (
                      <kbd key={kbdLabel(k)}>{kbdLabel(k)}</kbd>
                    ))}
                  </td>
                </tr>
              ))}
              <tr>
                <td>{t("editor.zoom.wheel")}</td>
                <td>
                  <kbd>Ctrl+{t("editor.help.wheel")}</kbd>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
