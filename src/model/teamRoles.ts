// Team roles (issue 40) and what each may do in the team's space; the server enforces it
// (server/services/teams.ts actingSpace) and the app hides what a role cannot do.

export const ROLES = ["owner", "designer", "operator", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** read: list and open (what printing needs); print: send to a printer; write: change templates,
 * folders and data; approve: review drafts and say which folders need approval; manage: members,
 * invitations, the team's name and its version retention. */
export type SpaceAction = "read" | "print" | "write" | "approve" | "manage";

const ALLOWED: Record<Role, readonly SpaceAction[]> = {
  owner: ["read", "print", "write", "approve", "manage"],
  designer: ["read", "print", "write"],
  operator: ["read", "print"],
  viewer: ["read"],
};

export const roleAllows = (role: Role, action: SpaceAction): boolean => ALLOWED[role].includes(action);
