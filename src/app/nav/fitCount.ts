// How many of the main navigation's entries fit in the header's row; the others go into a menu
// ("More" at its end), and when fewer than MIN_IN_ROW would stay, all of them do ("Menu").

export const MIN_IN_ROW = 2;

/**
 * `widths`: each entry's width in the row; `gap`: the space between two neighbours; `room`: the
 * row's width; `moreWidth`: the width of the menu button the overflow needs.
 */
export function fitCount(widths: readonly number[], gap: number, room: number, moreWidth: number): number {
  const span = (k: number) => widths.slice(0, k).reduce((s, w) => s + w, 0) + Math.max(0, k - 1) * gap;
  if (span(widths.length) <= room) return widths.length;
  let k = widths.length - 1;
  while (k > 0 && span(k) + gap + moreWidth > room) k--;
  return k < MIN_IN_ROW ? 0 : k;
}
