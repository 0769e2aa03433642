// The print station's calls (docs/api.md "Teams", issue 40): the current team's templates as tiles,
// and the label file a station prints (parsed here; a file that does not read is a file error key).
import { type ParseResult, parseLabelFile } from "../../model/file/index";
import type { Role } from "../../model/teamRoles";
import { interfaceApi } from "./client";
import { bytesOfBase64 } from "./cloudSave";

export interface StationTile {
  id: string;
  name: string;
  /** the preview picture's URL ("" when the template has none) */
  image: string;
  width: number;
  height: number;
}

export const listStation = () =>
  interfaceApi.get<{ role: Role; templates: StationTile[] }>(
    "/api/station/templates",
    {},
    { loading: false },
  );

/** The label a station prints for template `id`: the template's name and version, and its file parsed. */
export async function stationLabel(
  id: string,
): Promise<{ id: string; name: string; version: number; parsed: ParseResult }> {
  const f = await interfaceApi.get<{
    id: string;
    name: string;
    version: number;
    file_name: string;
    data: string;
  }>("/api/station/file", { id });
  let parsed: ParseResult;
  try {
    parsed = parseLabelFile(bytesOfBase64(f.data), f.file_name);
  } catch {
    parsed = { ok: false, error: { key: "file.error.malformed" } };
  }
  return { id: f.id, name: f.name, version: f.version, parsed };
}
