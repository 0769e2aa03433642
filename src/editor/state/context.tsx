// React access to the editor session and the canvas viewport.
import { createContext, useContext, useSyncExternalStore } from "react";
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

export function useEditorSnapshot(): EditorSnapshot {
  const { store } = useEditorContext();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
