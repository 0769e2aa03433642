// What a part of the label draws, kept for the parts that come back (a spreadsheet value seen on an
// earlier page). A part is kept from its second sighting on; the first leaves only a 30-bit hash.
// Keeping every part would hold each record's strings (and, through them, its whole label SVG) for
// thousands of pages: V8 moves them into its old space, where a 100,000-page export of unique
// records piled them up as garbage and its peak memory went over 300 MB (issue 13).

/** FNV-1a of the UTF-16 units, cut to 30 bits (a small integer: a Set of them holds no objects). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

export class RepeatCache<V> {
  private readonly seen = new Set<number>();
  private readonly kept = new Map<string, V>();

  /** `max`: parts kept at most (the hashes: four times as many); either set is emptied when full */
  constructor(private readonly max = 4000) {}

  /** The value for `key`: kept, or made by `make` (and kept when `key` was seen before). */
  get(key: string, make: () => V): V {
    const hit = this.kept.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    const h = hash(key);
    if (this.seen.has(h)) {
      if (this.kept.size >= this.max) this.kept.clear();
      this.kept.set(key, value);
    } else {
      if (this.seen.size >= this.max * 4) this.seen.clear();
      this.seen.add(h);
    }
    return value;
  }
}
