// Builds the ActionContext the registry's actions run with, from the editor's React state, and
// reads an action's state (available, on) for a button or menu entry.
import { useMemo } from "react";
import { useEditorContext, useEditorSelector } from "../state/context";
import type { ActionContext, EditorAction, EditorUi } from "./types";

export interface EditorPrefsState {
  readonly showGrid: boolean;
  setShowGrid(v: boolean): void;
}

/** The context changes with the preferences and the screen's callbacks, not with the session. */
export function useActionContext(prefs: EditorPrefsState, ui: EditorUi): ActionContext {
  const { store, viewport } = useEditorContext();
  return useMemo(
    () => ({
      store,
      // read when used: the canvas sets its viewport API after the first render
      get viewport() {
        return viewport.current;
      },
      prefs,
      ui,
    }),
    [store, viewport, prefs, ui],
  );
}

/**
 * Whether the action is available now and, for a toggle, on: the component renders again only
 * when one of them changes (predicates read the session through ctx.store).
 */
export function useActionState(a: EditorAction, ctx: ActionContext): { enabled: boolean; on?: boolean } {
  const enabled = useEditorSelector(() => (a.predicate ? a.predicate(ctx) : true));
  const on = useEditorSelector(() => a.active?.(ctx));
  return { enabled, on };
}
