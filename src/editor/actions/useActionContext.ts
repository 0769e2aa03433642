// Builds the ActionContext the registry's actions run with, from the editor's React state.
import { useMemo } from "react";
import { useEditorContext, useEditorSnapshot } from "../state/context";
import type { ActionContext, EditorUi } from "./types";

export interface EditorPrefsState {
  readonly showGrid: boolean;
  setShowGrid(v: boolean): void;
}

export function useActionContext(prefs: EditorPrefsState, ui: EditorUi): ActionContext {
  const { store, viewport } = useEditorContext();
  // re-created on every snapshot so predicates re-evaluate
  const snap = useEditorSnapshot();
  // biome-ignore lint/correctness/useExhaustiveDependencies: snap triggers re-evaluation of predicates
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
    [store, viewport, prefs, ui, snap],
  );
}
