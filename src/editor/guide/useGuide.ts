// The editing guide's actor (machines/guide.machine.ts, systemId "guide"): shown while the stored
// `firstEdit` is not 'false' (first use); closing it stores 'false'. The help popover reopens it.
import { useActorRef, useSelector } from "@xstate/react";
import { useRef, useState } from "react";
import type { ActorRefFrom } from "xstate";
import { guideMachine } from "../../../machines/guide.machine";
import { inspected } from "../inspector/actorOptions";

export const FIRST_EDIT_KEY = "firstEdit";

function isFirstEdit(key: string): boolean {
  try {
    return localStorage.getItem(key) !== "false";
  } catch {
    return false; // no storage: never trap the user in a guide that would show on every visit
  }
}

function persistSeen(key: string): void {
  try {
    localStorage.setItem(key, "false");
  } catch {
    // storage unavailable: the guide closes anyway
  }
}

export type GuideActor = ActorRefFrom<typeof guideMachine>;

/**
 * `storageKey`: where "seen" ('false') is kept; the editor's firstEdit by default, the home tour's per
 * user. `onSeen`: also told when the guide closes (the home tour tells the server).
 */
export function useGuide(
  storageKey = FIRST_EDIT_KEY,
  onSeen?: () => void,
): {
  actor: GuideActor;
  step: number | null;
  open: () => void;
} {
  const onSeenRef = useRef(onSeen);
  onSeenRef.current = onSeen;
  const [firstEdit] = useState(() => isFirstEdit(storageKey));
  const actor = useActorRef(
    guideMachine.provide({
      actions: {
        persistSeen: () => {
          persistSeen(storageKey);
          onSeenRef.current?.();
        },
      },
    }),
    inspected(storageKey === FIRST_EDIT_KEY ? "guide" : "homeTour", { firstEdit }),
  );
  const visible = useSelector(
    actor,
    (s) => !s.matches("hidden") && !s.matches("init") && !s.matches("closing"),
  );
  const step = useSelector(actor, (s) => s.context.step);
  return { actor, step: visible ? step : null, open: () => actor.send({ type: "guide.open" }) };
}
