// The label creation dialog's chunk (create mode of the editor's settings dialog), fetched once:
// the home page asks for it when idle, so "New label" usually finds it loaded and opens the dialog in
// the same frame (a lazy component would still suspend once and flash a fallback).
import { loadChunk } from "../router/lazyPage";

type CreateDialogModule = typeof import("../../editor/labelSettings/CreateLabelDialog");

let loaded: CreateDialogModule | undefined;
let pending: Promise<CreateDialogModule> | undefined;

/** The chunk (one request however often it is asked for; a failure may be retried). */
export function loadCreateDialog(): Promise<CreateDialogModule> {
  pending ??= loadChunk(() => import("../../editor/labelSettings/CreateLabelDialog")).then(
    (m) => {
      loaded = m;
      return m;
    },
    (e: unknown) => {
      pending = undefined;
      throw e;
    },
  );
  return pending;
}

/** The dialog component when its chunk is already here. */
export function loadedCreateDialog(): CreateDialogModule["default"] | undefined {
  return loaded?.default;
}
