// Keyboard shortcuts from the action registry (spec §2): Ctrl, or Cmd on a Mac; ignored while the
// user types in an input, textarea, select or contenteditable, and while a dialog is open.
import { ACTIONS } from "./registry";
import type { EditorAction, Kbd } from "./types";

export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== "function") return false;
  return !!el.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']");
}

export function matches(
  k: Kbd,
  e: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (!!k.mod !== mod || !!k.shift !== e.shiftKey || !!k.alt !== e.altKey) return false;
  // with Alt or Shift held, e.key can be another character (⌥L on a Mac): fall back to the key code
  const key = k.key.length === 1 ? k.key.toLowerCase() : k.key;
  const pressed = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (pressed === key) return true;
  if (k.key.length === 1 && /^[a-z]$/i.test(k.key)) return e.code === `Key${k.key.toUpperCase()}`;
  if (k.key === "'") return e.code === "Quote";
  return false;
}

export function actionForKey(
  e: KeyboardEvent,
  actions: readonly EditorAction[] = ACTIONS,
): EditorAction | null {
  for (const a of actions) if (a.kbd?.some((k) => matches(k, e))) return a;
  return null;
}
