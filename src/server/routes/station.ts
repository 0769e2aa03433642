// The print station (issue 40): the current team's templates as tiles (every role) and the label
// file a station prints (roles that may print; a viewer is refused with 403). The personal space has
// no station: it is a team's page. The rules are services/station.ts; documented in docs/api.md.
import type { SpaceAction } from "../../model/teamRoles";
import { str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import { stationFile, stationTiles } from "../services/station";
import type { Space } from "../services/teams";
import { spaceOf } from "./teamSpace";

/** The team the station acts in, once the caller's role there allows `action`. */
async function stationSpace(ctx: Ctx, action: SpaceAction): Promise<Space> {
  const space = await spaceOf(ctx, action);
  if (space.role === null) throw new ApiError(Code.failed, "server.error.stationTeam");
  return space;
}

export const stationRoutes: Routes = {
  "/api/station/templates": {
    get: true,
    auth: true,
    async handle(ctx) {
      const space = await stationSpace(ctx, "read");
      return ok({ role: space.role, templates: await stationTiles(ctx.db, space.id) });
    },
  },

  "/api/station/file": {
    get: true,
    auth: true,
    async handle(ctx) {
      const space = await stationSpace(ctx, "print");
      const f = await stationFile(ctx.db, ctx.files, space, str(ctx.fields, "id", 64));
      return ok({
        id: f.id,
        name: f.name,
        version: f.version,
        file_name: f.fileName,
        data: Buffer.from(f.bytes).toString("base64"),
      });
    },
  },
};
