// Label presets and the target resolution in the create/settings dialog (src/model/presets.ts,
// machines/labelSettings.machine.ts): sheets fill their paper, every preset passes the dialog's
// validation, applying one fills the fields in the dialog's unit, and the dpi reaches the label.
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  type LabelSettingsEmitted,
  labelSettingsMachine,
  settingsToAttrs,
  validateSettings,
} from "../../machines/labelSettings.machine";
import { sanitizeAttrs } from "../../src/editor/query";
import { emptyDocument } from "../../src/model/defaults";
import { updateLabelAttrs } from "../../src/model/ops/attrs";
import { LABEL_PRESETS, matchPreset, PAPER_MM } from "../../src/model/presets";

function dialog(unit: "mm" | "inch" = "mm") {
  const actor = createActor(labelSettingsMachine, { input: { mode: "create", unit, defaultName: "L" } });
  const out: LabelSettingsEmitted[] = [];
  actor.on("*", (e) => void out.push(e));
  actor.start();
  return { actor, out };
}

describe("label presets", () => {
  it("sheet layouts fill their paper exactly, across and down", () => {
    for (const p of LABEL_PRESETS.filter((x) => x.paper)) {
      const l = p.layout;
      const paper = PAPER_MM[p.paper as keyof typeof PAPER_MM];
      const across = l.paddingLeft + l.paddingRight + l.columns * l.width + (l.columns - 1) * l.columnSpacing;
      const down = l.paddingTop + l.paddingBottom + l.rows * l.height + (l.rows - 1) * l.rowSpacing;
      expect(across, p.id).toBeCloseTo(paper.width, 2);
      expect(down, p.id).toBeCloseTo(paper.height, 2);
    }
  });

  it("offers the sizes of issue 23 and two A4 sheets, each valid in the dialog", () => {
    const ids = LABEL_PRESETS.map((p) => p.id);
    for (const id of [
      "40x30",
      "50x30",
      "60x40",
      "100x50",
      "100x150",
      "4x6in",
      "a4-3x8-70x37",
      "a4-2x7-99.1x38.1",
    ])
      expect(ids).toContain(id);
    for (const p of LABEL_PRESETS) {
      const { actor } = dialog();
      actor.send({ type: "preset.apply", id: p.id });
      expect(validateSettings(actor.getSnapshot().context), p.id).toBeNull();
      expect(matchPreset(settingsToAttrs(actor.getSnapshot().context))?.id).toBe(p.id);
    }
  });

  it("fills size, grid, spacings and paddings in the dialog's unit; an unknown id changes nothing", () => {
    const { actor } = dialog();
    actor.send({ type: "preset.apply", id: "a4-2x7-99.1x38.1" });
    expect(actor.getSnapshot().context.values).toMatchObject({
      width: 99.1,
      height: 38.1,
      columns: 2,
      rows: 7,
      columnSpacing: 2.5,
      paddingTop: 15.15,
      paddingLeft: 4.65,
    });
    const inch = dialog("inch").actor;
    inch.send({ type: "preset.apply", id: "4x6in" });
    expect(inch.getSnapshot().context.values).toMatchObject({ width: 4, height: 6, columns: 1, rows: 1 });
    const before = actor.getSnapshot().context.values;
    actor.send({ type: "preset.apply", id: "nope" });
    expect(actor.getSnapshot().context.values).toEqual(before);
  });

  it("a custom size matches no preset", () => {
    const { actor } = dialog();
    actor.send({ type: "field.change", field: "width", value: "41" });
    expect(matchPreset(settingsToAttrs(actor.getSnapshot().context))).toBeUndefined();
  });
});

describe("target resolution", () => {
  it("defaults to 203, takes 300 or 600, refuses others, and goes into the new label's address", () => {
    const { actor, out } = dialog();
    expect(actor.getSnapshot().context.targetDpi).toBe(203);
    actor.send({ type: "targetDpi.change", value: 72 });
    expect(actor.getSnapshot().context.targetDpi).toBe(203);
    actor.send({ type: "targetDpi.change", value: "300" });
    actor.send({ type: "confirm" });
    const nav = out.find((e) => e.type === "navigate");
    expect(nav && nav.type === "navigate" && nav.labelAttr.targetDpi).toBe(300);
    const attr = new URLSearchParams((nav as { to: string }).to.split("?")[1]).get("labelAttr") ?? "";
    expect(sanitizeAttrs(JSON.parse(attr)).targetDpi).toBe(300);
    expect(sanitizeAttrs({ targetDpi: 1200 }).targetDpi).toBeUndefined();
    expect(sanitizeAttrs({ targetDpi: "600" }).targetDpi).toBe(600);
  });

  it("a label takes 203, 300 or 600 dpi through the settings' update, nothing else", () => {
    const doc = emptyDocument();
    const set = (v: unknown) => {
      const r = updateLabelAttrs(doc, { targetDpi: v as 300 });
      return "doc" in r ? r.doc.attrs.targetDpi : "refused";
    };
    expect(set(300)).toBe(300);
    expect(set(600)).toBe(600);
    expect(set(72)).toBe(203);
    expect(set("300")).toBe(203);
    // a document from before the field (an old draft) takes it too
    const { targetDpi: _drop, ...old } = doc.attrs;
    const r = updateLabelAttrs({ ...doc, attrs: old as typeof doc.attrs }, { targetDpi: 300 });
    expect("doc" in r && r.doc.attrs.targetDpi).toBe(300);
  });

  it("set mode starts from the label's resolution", () => {
    const attrs = settingsToAttrs(dialog().actor.getSnapshot().context);
    const actor = createActor(labelSettingsMachine, {
      input: { mode: "set", unit: "mm", attrs: { ...attrs, targetDpi: 600 } },
    }).start();
    expect(actor.getSnapshot().context.targetDpi).toBe(600);
  });
});
