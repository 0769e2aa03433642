// One action registry feeds the toolbar, the right-click menu and the keyboard shortcuts
// (excalidraw's actions/ pattern), so a button and its shortcut can never disagree.

import type { ViewportApi } from "../state/context";
import type { EditorStore } from "../state/store";

/** A key binding: `mod` is Ctrl, or Cmd on a Mac. `key` is KeyboardEvent.key, compared case-insensitively. */
export interface Kbd {
  readonly key: string;
  readonly mod?: boolean;
  readonly shift?: boolean;
  readonly alt?: boolean;
}

/** What the screen does for the actions that are not document edits. */
export interface EditorUi {
  openLabelSettings(): void;
  /** cloud save (Ctrl+S) */
  save(): void;
  /** the label as a local .tprts file (Ctrl+Shift+S) */
  download(): void;
  /** saves, then opens the print dialog (Ctrl+P) */
  print(): void;
  /** opens or closes the scan panel (Ctrl+B; members, issue 27) */
  scan(): void;
}

export interface ActionContext {
  readonly store: EditorStore;
  readonly viewport: ViewportApi | null;
  readonly prefs: {
    readonly showGrid: boolean;
    setShowGrid(v: boolean): void;
  };
  readonly ui: EditorUi;
}

export interface EditorAction {
  readonly id: string;
  readonly labelKey: string;
  /** icon name from ../toolbar/icons */
  readonly icon?: string;
  readonly kbd?: readonly Kbd[];
  /** is the action available now? (a disabled button otherwise; shortcuts still run to show the reason) */
  readonly predicate?: (ctx: ActionContext) => boolean;
  /** for toggles: is it on? */
  readonly active?: (ctx: ActionContext) => boolean;
  readonly perform: (ctx: ActionContext) => void;
  /** the shortcut also works while the narrow preview replaces the canvas (whole-label actions) */
  readonly preview?: boolean;
  /** the shortcut also works while the user types (Ctrl+P / Ctrl+S would otherwise print or save the
   * page); the field is blurred first, so its edit commits */
  readonly typing?: boolean;
}

/** The label of a binding as shown in menus and the help popover, e.g. "Ctrl+Shift+L". */
export function kbdLabel(k: Kbd, mac = false): string {
  const parts: string[] = [];
  if (k.mod) parts.push(mac ? "⌘" : "Ctrl");
  if (k.alt) parts.push(mac ? "⌥" : "Alt");
  if (k.shift) parts.push("Shift");
  const names: Record<string, string> = {
    ArrowLeft: "←",
    ArrowRight: "→",
    ArrowUp: "↑",
    ArrowDown: "↓",
    Delete: "Delete",
  };
  parts.push(names[k.key] ?? k.key.toUpperCase());
  return parts.join("+");
}
