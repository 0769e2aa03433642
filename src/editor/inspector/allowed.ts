// ?inspect=stately sends the editor's state to an outside site (stately.ai), so production builds
// only honour it when the server enables it (INKLESS_STATELY_INSPECTOR=1, docs/security.md): the
// server then adds this meta tag to the app's page. The dev server always allows it.
export const STATELY_META = "inkless-stately-inspector";

export function statelyAllowed(): boolean {
  if (import.meta.env?.DEV) return true;
  return typeof document !== "undefined" && document.querySelector(`meta[name="${STATELY_META}"]`) !== null;
}
