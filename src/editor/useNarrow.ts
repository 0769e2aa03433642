// Narrow layout at a screen width of 1280 px or less (spec §2, §9); below 768 px the editor does not
// fit and shows the preview instead (useTooNarrow).
import { useSyncExternalStore } from "react";
import { EDITOR_MIN_WIDTH_PX, NARROW_SCREEN_MAX_PX } from "../model/constants";

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (l) => {
      const mq = window.matchMedia(query);
      mq.addEventListener("change", l);
      return () => mq.removeEventListener("change", l);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useNarrow(): boolean {
  return useMedia(`(max-width: ${NARROW_SCREEN_MAX_PX}px)`);
}

/** True below EDITOR_MIN_WIDTH_PX (max-width is inclusive, hence the pixel less). */
export function useTooNarrow(): boolean {
  return useMedia(`(max-width: ${EDITOR_MIN_WIDTH_PX - 1}px)`);
}
