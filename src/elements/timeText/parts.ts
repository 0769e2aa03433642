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

const two = (n: number) => String(n).padStart(2, "0");

/** Switching to a fixed date/time starts from the current moment where none is set yet. */
export function fixedNow(
  el: { readonly SelectDate: string; readonly SelectTime: string },
  now: Date,
): { SelectDate?: string; SelectTime?: string } {
  const out: { SelectDate?: string; SelectTime?: string } = {};
  if (!el.SelectDate)
    out.SelectDate = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  if (!el.SelectTime)
    out.SelectTime = `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`;
  return out;
}
