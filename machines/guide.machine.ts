// The first-use editing guide (spec §2): five steps — 0 welcome (skip or start), 1 tool area and
// text, 2 function menu and right-click, 3 attribute panel, 4 print (finish). Skip on every step.
// Shown while firstEdit is true; closing it persists firstEdit = false (injected action).
import { assign, setup } from "xstate";
import { GUIDE_IMAGE_WIDTH, type Language, NARROW_SCREEN_MAX_PX } from "../src/model/constants";

export const GUIDE_STEPS = 5;

export type GuideEvent =
  | { type: "step.next" }
  | { type: "step.prev" }
  | { type: "dismiss" }
  | { type: "finish" }
  | { type: "guide.open" };

/** Guide image width by language and screen width (spec §9). */
export function guideImageWidth(lang: Language, screenWidth: number): number {
  const w = GUIDE_IMAGE_WIDTH[lang] ?? GUIDE_IMAGE_WIDTH.en;
  return screenWidth <= NARROW_SCREEN_MAX_PX ? w.narrow : w.wide;
}

export const guideMachine = setup({
  types: {
    context: {} as { step: number; firstEdit: boolean },
    events: {} as GuideEvent,
    input: {} as { firstEdit: boolean },
  },
  actions: {
    /** persists firstEdit = false (localStorage in the app) */
    persistSeen: () => {},
  },
  guards: {
    firstEdit: ({ context }) => context.firstEdit,
  },
}).createMachine({
  id: "guide",
  context: ({ input }) => ({ step: 0, firstEdit: input?.firstEdit === true }),
  initial: "init",
  states: {
    init: { always: [{ guard: "firstEdit", target: "step0" }, { target: "hidden" }] },
    hidden: {
      entry: assign({ step: 0 }),
      on: { "guide.open": "step0" },
    },
    step0: { entry: assign({ step: 0 }), on: { "step.next": "step1", dismiss: "closing" } },
    step1: {
      entry: assign({ step: 1 }),
      on: { "step.next": "step2", "step.prev": "step0", dismiss: "closing" },
    },
    step2: {
      entry: assign({ step: 2 }),
      on: { "step.next": "step3", "step.prev": "step1", dismiss: "closing" },
    },
    step3: {
      entry: assign({ step: 3 }),
      on: { "step.next": "step4", "step.prev": "step2", dismiss: "closing" },
    },
    step4: {
      entry: assign({ step: 4 }),
      on: { finish: "closing", "step.prev": "step3", dismiss: "closing" },
    },
    closing: {
      entry: [assign({ firstEdit: false }), "persistSeen"],
      always: "hidden",
    },
  },
});
