// The inspector's statechart data, read from real machines' definitions at run time.

import { describe, expect, it } from "vitest";
import { createActor, setup } from "xstate";
import { printDialogMachine } from "../../../machines/printDialog.machine";
import { activeStateIds, eventLabel, machineChart } from "../../../src/editor/inspector/graph";
import { layoutChart } from "../../../src/editor/inspector/layout";

describe("machineChart", () => {
  it("reads the print dialog's nested states, initial children, events, guards, delays and eventless moves", () => {
    const chart = machineChart(printDialogMachine);
    if (!chart) throw new Error("no chart");
    const byPath = new Map(chart.states.map((s) => [s.path, s]));
    expect(byPath.get("")?.kind).toBe("compound");
    expect(byPath.get("open")?.parent).toBe(chart.id);
    expect(byPath.get("open.ready")?.parent).toBe(byPath.get("open")?.id);
    expect(byPath.get("open.previewLoading.waiting")?.initial).toBe(true);
    expect(byPath.get("open.ready")?.initial).toBe(false);
    expect(byPath.get("closed")?.initial).toBe(true);
    const from = (path: string) => chart.transitions.filter((t) => t.source === byPath.get(path)?.id);
    // show: closed → open
    expect(from("closed").find((t) => t.event === "show")?.targets).toEqual([byPath.get("open")?.id]);
    // confirm from ready goes to checking, which moves on by itself under the hasDevice guard
    expect(from("open.ready").find((t) => t.event === "confirm")?.targets).toEqual([
      byPath.get("open.checking")?.id,
    ]);
    const always = from("open.checking").filter((t) => t.event === "always");
    expect(always.map((t) => t.guard)).toContain("hasDevice");
    expect(always.length).toBeGreaterThanOrEqual(2);
    // a delayed move is labelled by its delay, not by XState's internal event name
    expect(from("open.previewLoading.waiting").map((t) => t.event)).toEqual(["after previewDelay"]);
    // ids are unique (React keys, layout ids)
    expect(new Set(chart.transitions.map((t) => t.id)).size).toBe(chart.transitions.length);
    expect(new Set(chart.states.map((s) => s.id)).size).toBe(chart.states.length);
  });

  it("is null for logic that is not a state machine", () => {
    expect(machineChart({ transition: () => 0 })).toBeNull();
    expect(machineChart(null)).toBeNull();
  });

  it("names the active states of parallel and nested values, ancestors included", () => {
    const m = setup({}).createMachine({
      id: "p",
      type: "parallel",
      states: {
        a: { initial: "x", states: { x: { on: { GO: "y" } }, y: {} } },
        b: { initial: "c", states: { c: { initial: "d", states: { d: {} } } } },
      },
    });
    const chart = machineChart(m);
    if (!chart) throw new Error("no chart");
    expect(chart.states.find((s) => s.path === "")?.kind).toBe("parallel");
    const actor = createActor(m).start();
    expect([...activeStateIds(chart, actor.getSnapshot().value)].sort()).toEqual(
      ["p", "p.a", "p.a.x", "p.b", "p.b.c", "p.b.c.d"].sort(),
    );
    actor.send({ type: "GO" });
    expect(activeStateIds(chart, actor.getSnapshot().value).has("p.a.y")).toBe(true);
    expect(activeStateIds(chart, actor.getSnapshot().value).has("p.a.x")).toBe(false);
  });

  it("labels delayed events by their delay", () => {
    expect(eventLabel("xstate.after.300.printDialog.open.previewLoading.waiting")).toBe("after 300ms");
    expect(eventLabel("xstate.after.previewDelay.printDialog.open.previewLoading.waiting")).toBe(
      "after previewDelay",
    );
    expect(eventLabel("page.next")).toBe("page.next");
  });
});

describe("layoutChart", () => {
  it("places every state inside its parent and routes every targeted transition between its states", async () => {
    const chart = machineChart(printDialogMachine);
    if (!chart) throw new Error("no chart");
    const layout = await layoutChart(chart);
    expect(layout.states.map((s) => s.state.id).sort()).toEqual(chart.states.map((s) => s.id).sort());
    const box = new Map(layout.states.map((s) => [s.state.id, s]));
    for (const s of layout.states) {
      expect(s.width).toBeGreaterThan(0);
      const p = s.state.parent ? box.get(s.state.parent) : undefined;
      if (!p) continue;
      expect(s.x).toBeGreaterThanOrEqual(p.x);
      expect(s.y).toBeGreaterThanOrEqual(p.y);
      expect(s.x + s.width).toBeLessThanOrEqual(p.x + p.width + 0.01);
      expect(s.y + s.height).toBeLessThanOrEqual(p.y + p.height + 0.01);
    }
    const targeted = chart.transitions.reduce((n, t) => n + t.targets.length, 0);
    expect(layout.transitions).toHaveLength(targeted);
    // the confirm arrow starts on ready's border and ends on checking's
    const confirm = layout.transitions.find((t) => t.label === "confirm");
    const ready = box.get(chart.states.find((s) => s.path === "open.ready")?.id ?? "");
    const checking = box.get(chart.states.find((s) => s.path === "open.checking")?.id ?? "");
    if (!confirm || !ready || !checking) throw new Error("missing");
    const onBorder = (p: { x: number; y: number }, b: typeof ready) =>
      p.x >= b.x - 1 && p.x <= b.x + b.width + 1 && p.y >= b.y - 1 && p.y <= b.y + b.height + 1;
    expect(onBorder(confirm.points[0], ready)).toBe(true);
    expect(onBorder(confirm.points.at(-1) as { x: number; y: number }, checking)).toBe(true);
  });
});
