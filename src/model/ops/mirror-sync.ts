// Canvas mirror copies are derived data: an element with CopyMirrorImage true has a copy with id
// `<Id>_mirror`, flipped (MirrorImage) and placed mirrored across the label's vertical centre line.
// Every op re-derives them, so undo/redo only need the CopyMirrorImage flag to restore them.
import { elementBox, translateElement } from "../geometry";
import { isMirrorCopy, type LabelDocument, type LabelElement, mirrorIdOf } from "../types";

/** The mirror copy an element should have on a label of this width. */
export function deriveMirror(el: LabelElement, labelWidth: number): LabelElement {
  const b = elementBox(el);
  const dx = labelWidth - (b.x + b.width) - b.x;
  const moved = translateElement(el, dx, 0);
  return {
    ...moved,
    Id: mirrorIdOf(el.Id),
    MirrorImage: !el.MirrorImage,
    CopyMirrorImage: false,
    Lock: true,
  } as LabelElement;
}

function sameMirror(a: LabelElement, b: LabelElement): boolean {
  const ka = Object.keys(a) as (keyof LabelElement)[];
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Brings mirror copies in line with their originals: creates missing ones right above the original,
 * refreshes stale ones (keeping the old object when nothing changed) and drops orphans.
 */
export function syncMirrors(doc: LabelDocument): LabelDocument {
  const want = new Map<string, LabelElement>();
  let anyCopy = false;
  for (const el of doc.elements) {
    if (isMirrorCopy(el)) anyCopy = true;
    else if (el.CopyMirrorImage) want.set(mirrorIdOf(el.Id), el);
  }
  if (!anyCopy && want.size === 0) return doc;
  let changed = false;
  const have = new Set<string>();
  const out: LabelElement[] = [];
  for (const el of doc.elements) {
    if (isMirrorCopy(el)) {
      const orig = want.get(el.Id);
      if (!orig) {
        changed = true;
        continue;
      }
      if (have.has(el.Id)) {
        changed = true;
        continue;
      }
      have.add(el.Id);
      const fresh = deriveMirror(orig, doc.attrs.width);
      if (sameMirror(fresh, el)) out.push(el);
      else {
        out.push(fresh);
        changed = true;
      }
      continue;
    }
    out.push(el);
  }
  // missing copies go right above their original
  if (have.size < want.size) {
    changed = true;
    const withNew: LabelElement[] = [];
    for (const el of out) {
      withNew.push(el);
      const mid = mirrorIdOf(el.Id);
      if (!isMirrorCopy(el) && want.has(mid) && !have.has(mid))
        withNew.push(deriveMirror(el, doc.attrs.width));
    }
    return { ...doc, elements: withNew };
  }
  return changed ? { ...doc, elements: out } : doc;
}
