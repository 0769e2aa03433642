// The current space (issue 40): personal ("") or a team, kept in this browser; every request of the
// app names it (api/client.ts sends it as X-Inkless-Space) and the server checks the role.
import { type Role, roleAllows } from "../../model/teamRoles";

const KEY = "inkless.space";

export interface CurrentSpace {
  id: string;
  name: string;
  role: Role;
}

const store = () => (typeof localStorage === "undefined" ? null : localStorage);

/** The team space chosen in this browser, or null for the personal space. */
export function currentSpace(): CurrentSpace | null {
  try {
    const v = JSON.parse(store()?.getItem(KEY) ?? "null");
    return v && typeof v.id === "string" && v.id ? (v as CurrentSpace) : null;
  } catch {
    return null;
  }
}

/** Switches the space (null: personal); the page reloads so every list shows the new space. */
export function switchSpace(space: CurrentSpace | null): void {
  if (space) store()?.setItem(KEY, JSON.stringify(space));
  else store()?.removeItem(KEY);
}

/** Said when the user's teams change (created, joined, left), so the header's switch lists them. */
export const TEAMS_CHANGED = "inkless:teams-changed";
export const teamsChanged = () => window.dispatchEvent(new Event(TEAMS_CHANGED));

/**
 * Whose prefix this browser's uploads go under: the current team's when its role may write there,
 * else the signed-in user's own (the server's rule when it hands out an upload token, getToken in
 * src/server/routes/files.ts; a key outside that prefix is refused).
 */
export function uploadOwner(personalId: string): string {
  const space = currentSpace();
  return space && roleAllows(space.role, "write") ? space.id : personalId;
}
