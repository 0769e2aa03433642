// The kinds' UI list and the renderer list cover every element type exactly once, each type with its
// palette icon, and each UI entry names the same types as its model kind.
import { describe, expect, it } from "vitest";
import { PALETTE, PALETTE_TYPES } from "../../src/editor/palette/entries";
import { RENDERERS } from "../../src/elements/registry";
import { ELEMENTS_UI } from "../../src/elements/ui";
import { KIND_MODELS, kindModel } from "../../src/model/kinds";
import { ELEMENT_TYPES } from "../../src/model/types";

const sorted = (xs: readonly string[]) => [...xs].sort();

describe("the kinds' UI and renderers", () => {
  it("the UI list names every element type exactly once, with a panel and an icon path", () => {
    expect(sorted(ELEMENTS_UI.kinds.flatMap((k) => [...k.types]))).toEqual(sorted(ELEMENT_TYPES));
    for (const ui of ELEMENTS_UI.kinds) {
      expect(typeof ui.Panel).toBe("function");
      expect(sorted(Object.keys(ui.icons))).toEqual(sorted(ui.types));
      for (const type of ui.types) {
        expect(ui.icons[type]).toMatch(/^M[\d.\s,a-zA-Z-]+$/);
        expect(kindModel(type).types).toEqual(ui.types);
      }
    }
  });

  it("the renderer list has exactly one renderer per element type", () => {
    expect(sorted(RENDERERS.map((k) => k.type))).toEqual(sorted(ELEMENT_TYPES));
  });

  it("a kind is registered once: renderers, UI and palette follow the kind list, in its order", () => {
    const names = KIND_MODELS.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    expect(ELEMENTS_UI.kinds.map((ui) => ui.types)).toEqual(KIND_MODELS.map((k) => k.types));
    expect([...new Set(RENDERERS.map((r) => kindModel(r.type).name))]).toEqual(names);
    expect(PALETTE_TYPES).toEqual(KIND_MODELS.flatMap((k) => k.palette.items.map(([type]) => type)));
    const groups = PALETTE.flatMap((e) => (e.kind === "group" ? [e.id] : []));
    expect(groups).toEqual(KIND_MODELS.flatMap((k) => (k.palette.group ? [k.palette.group] : [])));
  });
});
