// The space a request acts in: the app sends the current team's id in the `X-Inkless-Space` header
// (none: the personal space). Every content route asks for its space here, naming what it does;
// the role rule itself is services/teams.ts actingSpace.
import type { SpaceAction } from "../../model/teamRoles";
import { type Ctx, userOf } from "../http/context";
import { actingSpace, type Space, tokenSpace } from "../services/teams";

export const SPACE_HEADER = "x-inkless-space";

/** The team id the request names ("" for the personal space). */
export function spaceIdOf(ctx: Ctx): string {
  const v = ctx.req.headers[SPACE_HEADER];
  return (Array.isArray(v) ? v[0] : (v ?? "")).trim().slice(0, 64);
}

/** The owner the request's content calls act for, once the role allows `action` (else 403). */
export function spaceOf(ctx: Ctx, action: SpaceAction): Promise<Space> {
  return actingSpace(ctx.db, userOf(ctx), spaceIdOf(ctx), action);
}

/** The space of a print API call (a personal access token, no session): the token owner's own, or
 * the team the `X-Inkless-Space` header names, by the same rule as the app's calls. */
export function apiSpace(ctx: Ctx, userId: string, action: SpaceAction): Promise<Space> {
  return tokenSpace(ctx.db, userId, spaceIdOf(ctx), action);
}
