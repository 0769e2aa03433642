// The keys of an open menu (WAI-ARIA menu button pattern) as a pure function: which item gets the
// focus, or whether the menu closes.

/** An item index to focus, "close" (Escape: close and focus the button) or null (not a menu key). */
export type MenuMove = number | "close" | null;

/**
 * `current`: the focused item's index (-1 when none); `labels`: the items' texts, for type-ahead
 * (a printable character moves to the next item starting with it).
 */
export function menuMove(key: string, current: number, labels: readonly string[]): MenuMove {
  const count = labels.length;
  if (key === "Escape" || key === "Tab") return "close";
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : (current + 1) % count;
    case "ArrowUp":
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case "Home":
    case "PageUp":
      return 0;
    case "End":
    case "PageDown":
      return count - 1;
  }
  if (Array.from(key).length !== 1 || key === " ") return null;
  const k = key.toLocaleLowerCase();
  for (let step = 1; step <= count; step++) {
    const i = (Math.max(current, -1) + step + count) % count;
    if (labels[i].trim().toLocaleLowerCase().startsWith(k)) return i;
  }
  return null;
}
