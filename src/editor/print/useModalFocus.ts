// Keyboard focus for a custom modal overlay (role=dialog, aria-modal): focus moves into it when it
// opens, Tab and Shift+Tab cycle inside it, focus that escapes (a click on the page behind) is
// brought back, focus dropped to the page (the focused button became disabled, e.g. "last page" on
// the last page) goes back to the overlay so its keys (Escape) still work, and when it closes focus
// returns to what had it before (e.g. the Print button).
// A native <dialog> opened on top of it (the record-selection dialog) keeps its own focus.
import { type RefObject, useEffect } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside `root`, in document order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest("[hidden], [inert]") && el.getClientRects().length > 0,
  );
}

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
      if (e.key !== "Tab" || !root.contains(e.target as Node)) return;
      const list = focusables(root);
      if (!list.length) {
        e.preventDefault();
        return;
      }
      const first = list[0];
      const last = list[list.length - 1];
      if (e.shiftKey && (document.activeElement === first || document.activeElement === root)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
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
