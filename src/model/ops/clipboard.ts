// Copy and paste. Copy takes the unlocked selection (tip109 when all are locked) and says tip35;
// paste adds copies offset by 20 units per paste, with new ids and counter names, and selects them.
// References between copied elements are pointed at the new copies.
import { PASTE_OFFSET } from "../constants";
import { translateElement, unitsToMm } from "../geometry";
import { newElementId, nextElementName } from "../ids";
import { hasCells } from "../kinds/caps";
import type { DataSource, LabelDocument, LabelElement } from "../types";
import { commit, refuse } from "./commit";
import { MSG } from "./messages";
import { movable } from "./targets";
import type { OpRefusal, OpResult } from "./types";

export interface Clipboard {
  readonly elements: readonly LabelElement[];
}

export function copyElements(
  doc: LabelDocument,
  ids: readonly string[],
): { readonly clipboard: Clipboard; readonly message: string } | OpRefusal {
  const els = movable(doc, ids);
  if (!Array.isArray(els)) return els;
  return { clipboard: { elements: els }, message: MSG.copied };
}

function remapSources(list: readonly DataSource[], map: ReadonlyMap<string, string>): readonly DataSource[] {
  if (!list.some((s) => s.DataSourceType === 3 && map.has(s.ReferenceId))) return list;
  return list.map((s) =>
    s.DataSourceType === 3 && map.has(s.ReferenceId)
      ? { ...s, ReferenceId: map.get(s.ReferenceId) ?? "" }
      : s,
  );
}

function remap(el: LabelElement, map: ReadonlyMap<string, string>): LabelElement {
  if (hasCells(el))
    return {
      ...el,
      cells: el.cells.map((c) => ({ ...c, DataSourceList: remapSources(c.DataSourceList, map) })),
    };
  if ("DataSourceList" in el)
    return { ...el, DataSourceList: remapSources(el.DataSourceList, map) } as LabelElement;
  return el;
}

/**
 * Pastes the clipboard. `times` is how many pastes of this clipboard came before plus one, so
 * repeated pastes step 20, 40, 60… units away from the original.
 */
export function pasteElements(
  doc: LabelDocument,
  clipboard: Clipboard | null | undefined,
  times = 1,
): OpResult {
  const src = clipboard?.elements ?? [];
  if (src.length === 0) return refuse(MSG.clipboardEmpty);
  const d = unitsToMm(PASTE_OFFSET) * Math.max(1, times);
  const taken = new Set(doc.elements.map((e) => e.Id));
  const idMap = new Map<string, string>();
  for (const el of src) {
    let id = newElementId();
    while (taken.has(id)) id = newElementId();
    taken.add(id);
    idMap.set(el.Id, id);
  }
  const all: LabelElement[] = [...doc.elements];
  const fresh: LabelElement[] = [];
  for (const el of src) {
    const copy = remap(
      {
        ...translateElement(el, d, d),
        Id: idMap.get(el.Id) ?? newElementId(),
        Name: nextElementName(all, el.Type),
        Lock: false,
      } as LabelElement,
      idMap,
    );
    all.push(copy);
    fresh.push(copy);
  }
  return commit(doc, { ...doc, elements: all }, { select: fresh.map((e) => e.Id), kind: "add" });
}
