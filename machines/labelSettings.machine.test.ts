import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { defaultLabelAttrs } from "../src/model/defaults";
import type { LabelAttrs } from "../src/model/types";
import {
  type LabelSettingsEmitted,
  type LabelSettingsEvent,
  type LabelSettingsInput,
  labelSettingsMachine,
  settingsToAttrs,
  validateSettings,
} from "./labelSettings.machine";

function start(input: LabelSettingsInput, provide?: { clearStoredBackground: () => void }) {
  const m = provide ? labelSettingsMachine.provide({ actions: provide }) : labelSettingsMachine;
  const actor = createActor(m, { input });
  const out: LabelSettingsEmitted[] = [];
  for (const t of ["navigate", "set", "message", "close"] as const)
    actor.on(t, (e) => void out.push(e as LabelSettingsEmitted));
  actor.start();
  return { actor, out, ctx: () => actor.getSnapshot().context };
}

describe("label settings machine", () => {
  it("layout.apply: a label stock product's grid fills the fields in the dialog's unit", () => {
    const { actor, ctx } = start({ mode: "create", defaultName: "New Label" });
    actor.send({ type: "unit.change", unit: "inch" });
    const layout = {
      width: 63.5,
      height: 38.1,
      columns: 3,
      rows: 7,
      columnSpacing: 2.54,
      rowSpacing: 0,
      paddingTop: 15.15,
      paddingBottom: 15.15,
      paddingLeft: 7.21,
      paddingRight: 7.21,
    };
    actor.send({ type: "layout.apply", layout });
    expect(ctx().values.columns).toBe(3);
    expect(ctx().values.rows).toBe(7);
    expect(ctx().values.width).toBeCloseTo(2.5, 3);
    expect(ctx().values.columnSpacing).toBeCloseTo(0.1, 3);
    expect(settingsToAttrs(ctx()).paddingTop).toBeCloseTo(15.15, 1);
  });

  it("create mode: defaults 100 × 80 mm, clears the stored background, navigates with labelAttr", () => {
    let cleared = 0;
    const { actor, out, ctx } = start(
      { mode: "create", defaultName: "New Label" },
      { clearStoredBackground: () => void cleared++ },
    );
    expect(cleared).toBe(1);
    expect(ctx().values.width).toBe(100);
    expect(ctx().values.height).toBe(80);
    actor.send({ type: "field.change", field: "columns", value: "2" });
    actor.send({ type: "confirm" });
    expect(actor.getSnapshot().status).toBe("done");
    const nav = out.find((e) => e.type === "navigate");
    if (nav?.type !== "navigate") throw new Error("no navigate");
    expect(nav.to.startsWith("/editLabel?labelAttr=")).toBe(true);
    expect(nav.to.endsWith("&labelStatus=add")).toBe(true);
    const attr = JSON.parse(decodeURIComponent(nav.to.split("labelAttr=")[1].split("&")[0])) as LabelAttrs;
    expect(attr).toMatchObject({ name: "New Label", width: 100, height: 80, columns: 2 });
  });

  it("create mode starts from the user's defaults (more settings), in the current unit", () => {
    const { ctx } = start(
      {
        mode: "create",
        unit: "inch",
        defaultName: "New",
        defaults: { width: 50.8, height: 25.4, targetDpi: 300 },
      },
      { clearStoredBackground: () => undefined },
    );
    expect(ctx().values.width).toBe(2);
    expect(ctx().values.height).toBe(1);
    expect(ctx().targetDpi).toBe(300);
  });

  it("inch defaults are 3.937 × 3.15; switching unit converts by 25.4 to 3 decimals", () => {
    const { actor, ctx } = start({ mode: "create", unit: "inch" });
    expect(ctx().values.width).toBe(3.937);
    expect(ctx().values.height).toBe(3.15);
    actor.send({ type: "field.change", field: "paddingTop", value: "1" });
    actor.send({ type: "unit.change", unit: "mm" });
    expect(ctx().values.width).toBe(100);
    expect(ctx().values.paddingTop).toBe(25.4);
    expect(ctx().values.columns).toBe(1);
    actor.send({ type: "unit.change", unit: "inch" });
    expect(ctx().values.paddingTop).toBe(1);
  });

  it("clearing a numeric field resets its default in the current unit", () => {
    const { actor, ctx } = start({ mode: "create", unit: "mm" });
    actor.send({ type: "field.change", field: "width", value: "42" });
    actor.send({ type: "field.change", field: "width", value: "  " });
    expect(ctx().values.width).toBe(100);
    actor.send({ type: "field.change", field: "rows", value: "" });
    expect(ctx().values.rows).toBe(1);
  });

  it("validates the name (tip41, tip42) and the bounds before confirming", () => {
    const { actor, out, ctx } = start({ mode: "create", defaultName: "x" });
    actor.send({ type: "field.name", value: "  " });
    actor.send({ type: "confirm" });
    expect(ctx().error?.key).toBe("tip.tip41");
    actor.send({ type: "field.name", value: "a/b" });
    actor.send({ type: "confirm" });
    expect(ctx().error?.key).toBe("tip.tip42");
    actor.send({ type: "field.name", value: "ok" });
    actor.send({ type: "field.change", field: "width", value: "400.5" });
    actor.send({ type: "confirm" });
    expect(ctx().error).toMatchObject({
      field: "width",
      key: "editor.labelSettings.outOfRange",
      vars: { min: 0.001, max: 400 },
    });
    actor.send({ type: "field.change", field: "rows", value: "2.5" });
    actor.send({ type: "field.change", field: "width", value: "50" });
    actor.send({ type: "confirm" });
    expect(ctx().error?.key).toBe("editor.labelSettings.notInteger");
    actor.send({ type: "field.change", field: "rows", value: "abc" });
    actor.send({ type: "confirm" });
    expect(ctx().error?.key).toBe("editor.labelSettings.notNumber");
    expect(actor.getSnapshot().status).toBe("active");
    expect(out.filter((e) => e.type === "message")).toHaveLength(5);
    expect(
      validateSettings({ ...ctx(), unit: "inch", values: { ...ctx().values, rows: 1, width: 15.748 } }),
    ).toBeNull();
  });

  it("set mode loads the label's attributes in the current unit and emits set in mm", () => {
    const attrs = defaultLabelAttrs({
      name: "Shelf",
      width: 50.8,
      height: 25.4,
      background: "QUJD",
      printBackground: true,
      id: "t1",
    });
    const { actor, out, ctx } = start({ mode: "set", unit: "inch", attrs });
    expect(ctx().values.width).toBe(2);
    expect(ctx().values.height).toBe(1);
    expect(ctx().background).toBe("QUJD");
    actor.send({ type: "field.change", field: "height", value: "1.5" });
    actor.send({ type: "confirm" });
    const set = out.find((e) => e.type === "set");
    expect(set?.type === "set" && set.attrs).toMatchObject({
      name: "Shelf",
      width: 50.8,
      height: 38.1,
      id: "t1",
      background: "QUJD",
    });
  });

  it("checks background uploads: type (tip39) and size (tip30 then tip31); remove", () => {
    const { actor, out, ctx } = start({ mode: "create" });
    actor.send({ type: "background.upload", fileName: "a.gif", sizeKB: 1, base64: "x", limitKB: 500 });
    expect(ctx().error?.key).toBe("tip.tip39");
    actor.send({ type: "background.upload", fileName: "a.PNG", sizeKB: 900, base64: "x", limitKB: 500 });
    expect(out.filter((e) => e.type === "message").map((e) => (e.type === "message" ? e.key : ""))).toEqual([
      "tip.tip39",
      "tip.tip30",
      "tip.tip31",
    ]);
    expect(ctx().background).toBe("");
    actor.send({ type: "background.upload", fileName: "a.jpeg", sizeKB: 100, base64: "QQ==", limitKB: 500 });
    expect(ctx().background).toBe("QQ==");
    // spec §5: an uploaded background prints (printBackground set true) and reaches the label
    expect(ctx().printBackground).toBe(true);
    expect(settingsToAttrs(ctx())).toMatchObject({ background: "QQ==", printBackground: true });
    actor.send({ type: "background.remove" });
    expect(ctx()).toMatchObject({ background: "", printBackground: false });
  });

  it("model-based: every reachable outcome matches the validation of its fields", () => {
    const EVENTS: LabelSettingsEvent[] = [
      { type: "field.name", value: "" },
      { type: "field.name", value: "Label" },
      { type: "field.name", value: "a|b" },
      { type: "field.change", field: "width", value: "500" },
      { type: "field.change", field: "width", value: "" },
      { type: "field.change", field: "columns", value: "21" },
      { type: "field.change", field: "columns", value: "3" },
      { type: "unit.change", unit: "inch" },
      { type: "unit.change", unit: "mm" },
      { type: "confirm" },
      { type: "cancel" },
    ];
    const serializeState = (s: {
      value: unknown;
      status: string;
      context: { name: string; unit: string; values: Record<string, number>; error: { key: string } | null };
    }) =>
      JSON.stringify({
        v: s.value,
        st: s.status,
        unit: s.context.unit,
        name: s.context.name,
        w: Math.round(s.context.values.width),
        c: s.context.values.columns,
        e: s.context.error?.key ?? null,
      });
    const input: LabelSettingsInput = { mode: "create", defaultName: "Label" };
    const paths = getShortestPaths(labelSettingsMachine, { events: EVENTS, input, serializeState } as never);
    expect(paths.length).toBeGreaterThan(20);
    let done = 0;
    for (const path of paths) {
      const { actor, out } = start(input);
      let before = actor.getSnapshot().context;
      for (const step of path.steps) {
        before = actor.getSnapshot().context;
        actor.send(step.event as LabelSettingsEvent);
      }
      const snap = actor.getSnapshot();
      expect(snap.value).toEqual(path.state.value);
      const last = path.steps.at(-1)?.event as LabelSettingsEvent | undefined;
      if (snap.value === "done") {
        done++;
        // confirming succeeds exactly when the fields were valid, and then navigates
        expect(last?.type).toBe("confirm");
        expect(validateSettings(before)).toBeNull();
        expect(out.some((e) => e.type === "navigate")).toBe(true);
      } else if (last?.type === "confirm") {
        expect(snap.context.error).toEqual(validateSettings(before));
        expect(snap.context.error).not.toBeNull();
      }
    }
    expect(done).toBeGreaterThan(0);
  });
});
