// The editing guide's actor (machines/guide.machine.ts, systemId "guide"): shown while the stored
// `firstEdit` is not 'false' (first use); closing it stores 'false'. The help popover reopens it.
import { useActorRef, useSelector } from "@xstate/react";
import { useState } from "react";
import type { ActorRefFrom } from "xstate";
import { guideMachine } from "../../../machines/guide.machine";
import { inspected } from "../inspector/actorOptions";

export const FIRST_EDIT_KEY = "firstEdit";

function isFirstEdit(): boolean {
  try {
    return localStorage.getItem(FIRST_EDIT_KEY) !== "false";
  } catch {
    return false; // no storage: never trap the user in a guide that would show on every visit
  }
}

function persistSeen(): void {
  try {
    localStorage.setItem(FIRST_EDIT_KEY, "false");
  } catch {
    // storage unavailable: the guide closes anyway
  }
}

export type GuideActor = ActorRefFrom<typeof guideMachine>;

export function useGuide(): { actor: GuideActor; step: number | null; open: () => void } {
  const [firstEdit] = useState(isFirstEdit);
  const actor = useActorRef(
    guideMachine.provide({ actions: { persistSeen } }),
    inspected("guide", { firstEdit }),
  );
  const visible = useSelector(
    actor,
    (s) => !s.matches("hidden") && !s.matches("init") && !s.matches("closing"),
  );
  const step = useSelector(actor, (s) => s.context.step);
  return { actor, step: visible ? step : null, open: () => actor.send({ type: "guide.open" }) };
}
