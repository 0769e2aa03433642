// React access to the editor session and the canvas viewport. Components read the session through
// `useEditorSelector`, one slice each, so a change re-renders only the components whose slice
// changed (documents are immutable: an untouched element, the label's attributes and the
// selection keep their identity, so `===` or `shallowEqual` tells a changed slice).
import { createContext, type ReactNode, useContext, useRef, useSyncExternalStore } from "react";
import type { Point, Viewport } from "../canvas/geometry";
import type { EditorSnapshot, EditorStore } from "./store";

/** What the rest of the editor may ask of the canvas viewport. */
export interface ViewportApi {
  get(): Viewport;
  zoomTo(zoom: number): void;
  fit(): void;
  /** the document point (mm) at the centre of the visible canvas */
  centre(): Point;
  /** client px → document mm, or null when the point is not over the canvas */
  clientToDoc(clientX: number, clientY: number): Point | null;
}

export interface EditorContextValue {
  readonly store: EditorStore;
  readonly viewport: { current: ViewportApi | null };
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditorContext(): EditorContextValue {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error("EditorContext missing");
  return ctx;
}

/** Same items (arrays) or same own values (objects), compared with Object.is: one level deep. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a) as (keyof T)[];
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && Object.is(a[k], b[k]));
}

/**
 * A slice of the editor snapshot. The component renders again only when the slice changes by
 * `isEqual` (default Object.is; `shallowEqual` for a list or an object built by the selector);
 * an equal slice keeps the identity of the one returned before.
 */
export function useEditorSelector<T>(
  selector: (s: EditorSnapshot) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const { store } = useEditorContext();
  const last = useRef<{ snap: EditorSnapshot; selector: (s: EditorSnapshot) => T; value: T } | null>(null);
  const get = () => {
    const snap = store.get();
    const m = last.current;
    if (m && m.snap === snap && m.selector === selector) return m.value;
    const next = selector(snap);
    const value = m && isEqual(m.value, next) ? m.value : next;
    last.current = { snap, selector, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, get, get);
}

/** The document, for what needs all of it (drawing, records); `children` renders with it. */
export function WithEditorDoc({
  children,
}: {
  readonly children: (doc: EditorSnapshot["doc"]) => ReactNode;
}) {
  return children(useEditorSelector(selectDoc));
}

export const selectDoc = (s: EditorSnapshot) => s.doc;
export const selectSelection = (s: EditorSnapshot) => s.selection;
/** The selected elements in z-order. */
export const selectSelected = (s: EditorSnapshot) => {
  const ids = new Set(s.selection);
  return s.doc.elements.filter((e) => ids.has(e.Id));
};
