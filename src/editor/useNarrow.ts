// Narrow layout at a screen width of 1280 px or less (spec §2, §9).
import { useSyncExternalStore } from "react";
import { NARROW_SCREEN_MAX_PX } from "../model/constants";

const QUERY = `(max-width: ${NARROW_SCREEN_MAX_PX}px)`;

function subscribe(l: () => void) {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener("change", l);
  return () => mq.removeEventListener("change", l);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
