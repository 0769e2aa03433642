// The print station (issue 40): a team's templates as an operator sees them, and the label file a
// station prints. Every statement filters by the team's id (the route has checked the caller's role
// with actingSpace), so another team's template reads as "not found". Routes: routes/station.ts.
import type { Queryable } from "../db";
import type { FileStore } from "../files/store";
import { ownKeyFromUrl } from "../files/urls";
import { ApiError, Code } from "../http/envelope";
import { printableVersion } from "./printableVersion";
import type { Space } from "./teams";
import { TEMPLATE_COLS, type TemplateRow } from "./templates";

/** The most templates a station lists (its search filters them on the tablet, with no round trip). */
export const STATION_TEMPLATES_MAX = 500;

/** A tile of the station: what it shows and what it asks for. */
export interface StationTile {
  id: string;
  name: string;
  image: string;
  width: number;
  height: number;
}

/** The team's live templates by name (at most STATION_TEMPLATES_MAX). */
export async function stationTiles(q: Queryable, teamId: string): Promise<StationTile[]> {
  const rows = await q.query<TemplateRow>(
    `SELECT ${TEMPLATE_COLS} FROM templates WHERE user_id = $1 AND deleted_at IS NULL
      ORDER BY lower(name), name, id LIMIT ${STATION_TEMPLATES_MAX}`,
    [teamId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, image: r.image, width: r.width, height: r.height }));
}

/** What a station prints: the label file of one version of a template. */
export interface PrintedFile {
  id: string;
  name: string;
  version: number;
  fileName: string;
  bytes: Uint8Array;
}

/**
 * The label file the station prints for template `id` of the team `space` (the acting space, with
 * the caller's role): the version `printableVersion` gives that role — an operator's the latest
 * approved one in a folder that needs approval.
 */
export async function stationFile(
  q: Queryable,
  files: FileStore,
  space: Pick<Space, "id" | "role">,
  id: string,
): Promise<PrintedFile> {
  const teamId = space.id;
  const v = await printableVersion(q, id, space);
  const row = v.template;
  const printed = { file_url: v.file_url, version: v.number };
  const key = ownKeyFromUrl(teamId, printed.file_url);
  const bytes = key ? await files.get(key) : null;
  if (!key || !bytes) throw new ApiError(Code.failed, "server.error.stationFile");
  return {
    id: row.id,
    name: row.name,
    version: printed.version,
    fileName: key.split("/").pop() ?? "",
    bytes,
  };
}
