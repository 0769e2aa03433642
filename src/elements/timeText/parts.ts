// Which parts a TimeText shows: date and/or time, always in that order. Turning off the last part is
// refused (an empty clock text would print nothing).
export type TimePart = "date" | "time";

export function toggledParts(cur: readonly TimePart[], part: TimePart, on: boolean): TimePart[] {
  const set = new Set(cur);
  if (on) set.add(part);
  else set.delete(part);
  const out = (["date", "time"] as const).filter((p) => set.has(p));
  return out.length === 0 ? [...cur] : out;
}
