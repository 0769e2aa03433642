// Icon library calls (spec §7 getLogClass, getLogList) and the answers, cleaned.
import { interfaceApi } from "../../app/api/client";

export interface IconCategory {
  readonly id: string;
  readonly name: string;
  readonly son: readonly IconCategory[];
}
export interface IconItem {
  readonly id: string;
  readonly name: string;
  readonly url: string;
}

export function parseCategories(data: unknown, depth = 0): IconCategory[] {
  if (!Array.isArray(data) || depth > 5) return [];
  return data
    .filter((c) => c && (typeof c.id === "string" || typeof c.id === "number"))
    .map((c) => ({
      id: String(c.id),
      name: typeof c.name === "string" ? c.name : String(c.id),
      son: parseCategories(c.son, depth + 1),
    }));
}

/** Icons whose url is a same-origin path or http(s) URL; anything else is dropped. */
export function parseIcons(data: unknown): IconItem[] {
  if (!Array.isArray(data)) return [];
  return data
    .filter((i) => i && typeof i.url === "string" && /^(\/|https?:\/\/)/.test(i.url))
    .map((i, k) => ({
      id: typeof i.id === "string" ? i.id : `${k}`,
      name: typeof i.name === "string" ? i.name : "",
      url: i.url as string,
    }));
}

export async function fetchCategories(): Promise<IconCategory[]> {
  return parseCategories(await interfaceApi.post("/api/tem.app_shared/getLogClass", {}, { loading: false }));
}

export async function fetchIcons(id: string): Promise<IconItem[]> {
  return parseIcons(await interfaceApi.post("/api/tem.app_shared/getLogList", { id }, { loading: false }));
}
