// The industry template library (docs/api.md "Industry templates"): its industries and templates,
// named in the page's language by the server.
import { interfaceApi } from "./client";
import type { TemplateSummary } from "./templates";

export interface Industry {
  readonly id: string;
  readonly name: string;
  readonly count: number;
}

/** A library template reads like a stored one (no folder, no change time). */
export interface IndustryTemplate extends TemplateSummary {
  readonly industry: string;
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown) => {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x) => x && typeof x === "object") : [];

export async function listIndustryTemplates(): Promise<{
  industries: Industry[];
  templates: IndustryTemplate[];
}> {
  const data = (await interfaceApi.post(
    "/api/tem.app_public/getIndustryTemplateList",
    {},
    { loading: false },
  )) as Record<string, unknown> | undefined;
  const industries = list(data?.industries)
    .map((i) => ({ id: str(i.id), name: str(i.name), count: num(i.count) }))
    .filter((i) => i.id);
  const templates = list(data?.list)
    .map((t) => ({
      id: str(t.id),
      industry: str(t.industry),
      name: str(t.name),
      width: num(t.width),
      height: num(t.height),
      file: str(t.file),
      image: str(t.image),
      classId: "",
      updated: "",
    }))
    .filter((t) => t.id && t.file);
  return { industries, templates };
}

/** Templates whose name contains the search (case-insensitive), in one industry or all (""). */
export function filterTemplates(
  all: readonly IndustryTemplate[],
  industry: string,
  search: string,
): IndustryTemplate[] {
  const q = search.trim().toLocaleLowerCase();
  return all.filter(
    (t) => (!industry || t.industry === industry) && (!q || t.name.toLocaleLowerCase().includes(q)),
  );
}
