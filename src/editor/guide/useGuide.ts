// The editing guide's actor (machines/guide.machine.ts, systemId "guide"): shown while the stored
// `firstEdit` is not 'false' (first use); closing it stores 'false'. The help popover reopens it.
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { type ActorRefFrom, createActor } from "xstate";
import { guideMachine } from "../../../machines/guide.machine";
import { inspectorSink } from "../inspector/sink";

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
  const actor = useMemo(
    () =>
      createActor(
        guideMachine.provide({
          actions: {
            persistSeen: () => {
              persistSeen(storageKey);
              onSeenRef.current?.();
            },
          },
        }),
        {
          input: { firstEdit: isFirstEdit(storageKey) },
          systemId: "guide",
          inspect: inspectorSink.inspect,
        },
      ),
    [storageKey],
  );
  useEffect(() => {
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const snap = useSyncExternalStore(
    (l) => {
      const s = actor.subscribe(l);
      return () => s.unsubscribe();
    },
    () => actor.getSnapshot(),
  );
  const visible = !snap.matches("hidden") && !snap.matches("init") && !snap.matches("closing");
  return { actor, step: visible ? snap.context.step : null, open: () => actor.send({ type: "guide.open" }) };
}
