// Own keys only, never prototype keys: patches can come from hostile input (JSON, URLs, files).
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);
export function safePatch<T extends object>(patch: T): Partial<T> {
  const out: Record<string, unknown> = {};
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) return out as Partial<T>;
  for (const k of Object.keys(patch)) if (!FORBIDDEN.has(k)) out[k] = (patch as Record<string, unknown>)[k];
  return out as Partial<T>;
}
