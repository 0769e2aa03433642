// Reading the server's JSON defensively: a listed field as text or as a number, whatever it holds.

/** A field as text (numbers too); anything else "". */
export function asText(v: unknown): string {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
}

/** A field as a finite number; anything else 0. */
export function asNumber(v: unknown): number {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
}

/** A listed object and its id as text, or null when it is not an object or has no id (dropped). */
export function withId(
  raw: unknown,
  idField = "id",
): { readonly o: Record<string, unknown>; readonly id: string } | null {
  if (!raw || typeof raw !== "object") return null;
  const o = raw as Record<string, unknown>;
  const id = asText(o[idField]);
  return id ? { o, id } : null;
}
