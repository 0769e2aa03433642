// Keyboard focus for a custom modal overlay (role=dialog, aria-modal): focus moves into it when it
// opens, Tab and Shift+Tab cycle inside it, focus that escapes (a click on the page behind) is
// brought back, focus dropped to the page (the focused button became disabled, e.g. "last page" on
// the last page) goes back to the overlay so its keys (Escape) still work, and when it closes focus
// returns to what had it before (e.g. the Print button).
// A native <dialog> opened on top of it (the record-selection dialog) keeps its own focus.
import { type RefObject, useEffect } from "react";
import { focusables, trapTab } from "../dialogs/focusTrap";

/** `opener`: where focus goes back on close (default: what had focus when the overlay opened). */
export function useModalFocus(ref: RefObject<HTMLElement | null>, opener?: () => HTMLElement | null): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const before = opener
      ? opener()
      : document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    (focusables(root)[0] ?? root).focus();

    const onKey = (e: KeyboardEvent) => {
      if (root.contains(e.target as Node)) trapTab(root, e);
    };
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target as Element | null;
      if (!target || root.contains(target) || target.closest("dialog[open]")) return;
      (focusables(root)[0] ?? root).focus();
    };
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget) return;
      // after the browser has settled where focus went: nowhere means the page itself
      setTimeout(() => {
        const now = document.activeElement;
        if (root.isConnected && (!now || now === document.body)) root.focus();
      });
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocusIn);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
      // back to where the user was, if it is still there
      if (before?.isConnected) before.focus();
    };
  }, [ref, opener]);
}
