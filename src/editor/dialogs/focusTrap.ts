// The one focus trap of the modal dialogs (ModalShell's native <dialog> and the print dialog's
// overlay, useModalFocus): Tab and Shift+Tab cycle through the dialog's controls.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside `root`, in document order (hidden and inert ones left out). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest("[hidden], [inert]") && el.getClientRects().length > 0,
  );
}

/** Where Tab goes from `current` among `items`; null lets the browser move focus itself. */
export function trapTarget(
  items: readonly HTMLElement[],
  current: Element | null,
  backwards: boolean,
): HTMLElement | null {
  if (items.length === 0) return null;
  const first = items[0];
  const last = items[items.length - 1];
  const at = current ? items.indexOf(current as HTMLElement) : -1;
  if (at < 0) return backwards ? last : first;
  if (backwards && at === 0) return last;
  if (!backwards && at === items.length - 1) return first;
  return null;
}

/** Keeps a Tab key press inside `root` (a dialog without controls keeps focus where it is). */
export function trapTab(
  root: HTMLElement,
  e: { readonly key: string; readonly shiftKey: boolean; preventDefault(): void },
): void {
  if (e.key !== "Tab") return;
  const list = focusables(root);
  const next = trapTarget(list, document.activeElement, e.shiftKey);
  if (next || list.length === 0) e.preventDefault();
  next?.focus();
}
