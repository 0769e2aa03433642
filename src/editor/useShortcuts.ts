// Runs registry actions from the keyboard (spec §2 shortcuts), except while typing (save and print
// excepted: the field commits first) or in a dialog; while the narrow preview replaces the canvas
// (`editing` false) only the whole-label ones.
import { useEffect, useRef } from "react";
import { actionForKey, isTypingTarget } from "./actions/shortcuts";
import type { ActionContext } from "./actions/types";

export function useShortcuts(ctx: ActionContext, enabled: boolean, editing: boolean) {
  const ref = useRef(ctx);
  ref.current = ctx;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector("dialog[open]")) return;
      const a = actionForKey(e);
      const typing = isTypingTarget(e.target);
      if (!a || (!editing && !a.preview) || (typing && !a.typing)) return;
      e.preventDefault();
      // the field commits on blur: what was just typed is part of the label the action saves or prints
      if (typing) (e.target as HTMLElement).blur();
      a.perform(ref.current);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled, editing]);
}
