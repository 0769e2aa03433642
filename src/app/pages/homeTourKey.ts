// Where the home tour remembers, per user, that it was seen (same value as the editor's firstEdit:
// 'false' once seen). Read by the home page before it loads the tour's chunk.
export const homeTourKey = (userid: string) => `homeTour:${userid}`;

export function homeTourSeen(userid: string): boolean {
  try {
    return localStorage.getItem(homeTourKey(userid)) === "false";
  } catch {
    return true; // no storage: never show a tour that would come back on every visit
  }
}
