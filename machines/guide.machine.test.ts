import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { type GuideEvent, guideImageWidth, guideMachine } from "./guide.machine";

const EVENTS: GuideEvent[] = [
  { type: "step.next" },
  { type: "step.prev" },
  { type: "dismiss" },
  { type: "finish" },
  { type: "guide.open" },
];

describe("guide machine", () => {
  it("shows only while firstEdit is true", () => {
    expect(
      createActor(guideMachine, { input: { firstEdit: false } })
        .start()
        .getSnapshot().value,
    ).toBe("hidden");
    expect(
      createActor(guideMachine, { input: { firstEdit: true } })
        .start()
        .getSnapshot().value,
    ).toBe("step0");
  });

  it("walks five steps to finish and persists that it was seen", () => {
    let saved = 0;
    const m = guideMachine.provide({ actions: { persistSeen: () => void saved++ } });
    const a = createActor(m, { input: { firstEdit: true } }).start();
    const steps: number[] = [];
    for (let i = 0; i < 4; i++) {
      steps.push(a.getSnapshot().context.step);
      a.send({ type: "step.next" });
    }
    steps.push(a.getSnapshot().context.step);
    expect(steps).toEqual([0, 1, 2, 3, 4]);
    a.send({ type: "step.next" }); // no sixth step
    expect(a.getSnapshot().value).toBe("step4");
    a.send({ type: "finish" });
    expect(a.getSnapshot().value).toBe("hidden");
    expect(a.getSnapshot().context.firstEdit).toBe(false);
    expect(saved).toBe(1);
  });

  it("model-based: skip (dismiss) is available and closes the guide on every step", () => {
    const paths = getShortestPaths(guideMachine, { events: EVENTS, input: { firstEdit: true } } as never);
    const visible = paths.filter((p) => String(p.state.value).startsWith("step"));
    expect(new Set(visible.map((p) => p.state.value))).toEqual(
      new Set(["step0", "step1", "step2", "step3", "step4"]),
    );
    for (const path of visible) {
      let saved = 0;
      const a = createActor(guideMachine.provide({ actions: { persistSeen: () => void saved++ } }), {
        input: { firstEdit: true },
      }).start();
      for (const step of path.steps) a.send(step.event as GuideEvent);
      expect(a.getSnapshot().value).toEqual(path.state.value);
      expect(a.getSnapshot().can({ type: "dismiss" })).toBe(true);
      const before = saved;
      a.send({ type: "dismiss" });
      expect(a.getSnapshot().value).toBe("hidden");
      expect(saved).toBe(before + 1);
    }
  });

  it("model-based: every simple path to hidden passes through closing or never opened", () => {
    const paths = getSimplePaths(guideMachine, {
      events: EVENTS,
      input: { firstEdit: true },
      toState: (s: { value: unknown }) => s.value === "hidden",
    } as never);
    expect(paths.length).toBeGreaterThan(5);
    for (const p of paths) {
      const a = createActor(guideMachine, { input: { firstEdit: true } }).start();
      for (const step of p.steps) a.send(step.event as GuideEvent);
      expect(a.getSnapshot().value).toBe("hidden");
      expect(a.getSnapshot().context.firstEdit).toBe(false);
    }
  });

  it("picks the guide image width by language and screen width (spec §9)", () => {
    expect(guideImageWidth("zh", 1920)).toBe(256);
    expect(guideImageWidth("ru", 1280)).toBe(250);
    expect(guideImageWidth("es", 1281)).toBe(307);
    expect(guideImageWidth("en", 800)).toBe(192);
  });
});
