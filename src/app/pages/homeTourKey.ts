// Where this browser remembers, per user, that the home tour was seen (same value as the editor's
// firstEdit: 'false' once seen). Read by the home page before it loads the tour's chunk; the server
// remembers it too (/api/user/tour), for the user's other browsers.
export const homeTourKey = (userid: string) => `homeTour:${userid}`;

export function homeTourSeen(userid: string): boolean {
  try {
    return localStorage.getItem(homeTourKey(userid)) === "false";
  } catch {
    return true; // no storage: never show a tour that would come back on every visit
  }
}

export function rememberHomeTour(userid: string): void {
  try {
    localStorage.setItem(homeTourKey(userid), "false");
  } catch {
    // no storage: the server still knows
  }
}
