// Spec §8 interface text "the font size is abnormal, adjust the browser minimum font size": a browser
// set to a minimum font size (Chromium: Settings → Appearance → Customize fonts) draws small text
// larger than asked, so the canvas no longer shows what prints. The editor checks once as it opens
// (useFontSizeCheck) and says so.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../app/ui/message";

export const MIN_FONT_SIZE_ABNORMAL = "editor.error.minFontSize";

/**
 * Does the browser enlarge 2 px text (a minimum font size is set)? Self-contained: a 2 px probe,
 * hidden, measured and removed.
 */
export function minimumFontSizeEnforced(): boolean {
  const probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;font-size:2px;line-height:1";
  probe.textContent = "X";
  document.body.appendChild(probe);
  try {
    return Number.parseFloat(getComputedStyle(probe).fontSize) > 2.01;
  } finally {
    probe.remove();
  }
}

/** Warns once, when the editor opens, where the browser enforces a minimum font size. */
export function useFontSizeCheck(): void {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening of the editor
  useEffect(() => {
    if (minimumFontSizeEnforced()) message.warning(t(MIN_FONT_SIZE_ABNORMAL));
  }, []);
}
