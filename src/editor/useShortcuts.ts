// Runs registry actions from the keyboard (spec §2 shortcuts), except while typing or in a dialog.
import { useEffect, useRef } from "react";
import { actionForKey, isTypingTarget } from "./actions/shortcuts";
import type { ActionContext } from "./actions/types";

export function useShortcuts(ctx: ActionContext, enabled: boolean) {
  const ref = useRef(ctx);
  ref.current = ctx;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const a = actionForKey(e);
      if (!a) return;
      e.preventDefault();
      a.perform(ref.current);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
