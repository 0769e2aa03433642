// The industry template library (docs/api.md "Industry templates"): its industries and templates,
// named in the page's language by the server.
import { interfaceApi } from "./client";
import { asNumber, asText } from "./read";
import type { TemplateSummary } from "./templates";

export interface Industry {
  readonly id: string;
  readonly name: string;
  readonly count: number;
}

/** A library template reads like a stored one (no folder, no change time). */
export interface IndustryTemplate extends TemplateSummary {
  readonly industry: string;
  /** the texts printed on it: a search finds a template by its contents too */
  readonly words: string;
}

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
    .map((i) => ({ id: asText(i.id), name: asText(i.name), count: asNumber(i.count) }))
    .filter((i) => i.id);
  const templates = list(data?.list)
    .map((t) => ({
      id: asText(t.id),
      industry: asText(t.industry),
      name: asText(t.name),
      width: asNumber(t.width),
      height: asNumber(t.height),
      file: asText(t.file),
      image: asText(t.image),
      words: asText(t.words),
      classId: "",
      updated: "",
    }))
    .filter((t) => t.id && t.file);
  return { industries, templates };
}

/**
 * The templates of one industry (or all: ""); a search (case-insensitive) looks through every
 * industry, in the names and the printed texts.
 */
export function filterTemplates(
  all: readonly IndustryTemplate[],
  industry: string,
  search: string,
): IndustryTemplate[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return all.filter((t) => !industry || t.industry === industry);
  return all.filter((t) => `${t.name}\n${t.words}`.toLocaleLowerCase().includes(q));
}
