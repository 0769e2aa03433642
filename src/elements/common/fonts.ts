// Fonts for the picker (spec §3 Font, §5, §7 call getNewFontList): the server's list, the member check,
// loading a chosen family into the shared registry, and the recent-fonts list in localStorage.
import { interfaceApi } from "../../app/api/client";
import { fetchMemberInfo } from "../../app/api/memberInfo";
import { RECENT_FONTS_MAX } from "../../model/constants";
import { FONT_MANIFEST, getFontRegistry } from "../../render";
import { SCRIPT_IDS, type ScriptId } from "../../render/fontManifest";

export interface FontChoice {
  readonly name: string;
  readonly url: string;
  readonly bold_url: string;
  /** member-only */
  readonly premium: boolean;
  /** the scripts it draws (`elements.font.script.{id}`); empty when the list does not say */
  readonly scripts: readonly ScriptId[];
}

export const RECENT_FONTS_KEY = "recentFontList";

/** The server's font list, cleaned; malformed rows are skipped. */
export function parseFontList(data: unknown): FontChoice[] {
  if (!Array.isArray(data)) return [];
  const out: FontChoice[] = [];
  for (const f of data) {
    if (!f || typeof f.name !== "string" || !f.name || typeof f.url !== "string") continue;
    if (out.some((o) => o.name === f.name)) continue;
    out.push({
      name: f.name,
      url: f.url,
      bold_url: typeof f.bold_url === "string" ? f.bold_url : "",
      premium: Number(f.is_me_sp) === 1,
      scripts: Array.isArray(f.scripts)
        ? f.scripts.filter((x: unknown): x is ScriptId => SCRIPT_IDS.includes(x as ScriptId))
        : [],
    });
  }
  return out;
}

/** The shipped fonts, used when the list cannot be fetched. */
export const SHIPPED_FONTS: readonly FontChoice[] = FONT_MANIFEST.map((f) => ({
  name: f.name,
  url: `/label/fonts/${f.file}`,
  bold_url: f.boldFile ? `/label/fonts/${f.boldFile}` : "",
  premium: f.is_me_sp === 1,
  scripts: f.scripts ?? [],
}));

let listPromise: Promise<FontChoice[]> | null = null;

export function fetchFontList(): Promise<FontChoice[]> {
  if (!listPromise) {
    listPromise = interfaceApi
      .post("/api/tem.app_shared/getNewFontList", {}, { loading: false })
      .then((d) => {
        const list = parseFontList(d);
        return list.length > 0 ? list : [...SHIPPED_FONTS];
      })
      .catch(() => {
        listPromise = null;
        return [...SHIPPED_FONTS];
      });
  }
  return listPromise;
}

/** Whether the signed-in user is a member (getMemberUser); false when it cannot be told. */
export async function fetchIsMember(): Promise<boolean> {
  return (await fetchMemberInfo())?.isMember === true;
}

/** Makes the family known to the shared registry and loads its regular face; false on failure (tip126). */
export async function loadFontChoice(f: FontChoice): Promise<boolean> {
  const reg = getFontRegistry();
  if (!reg.hasFamily(f.name)) {
    reg.addFamily({
      name: f.name,
      file: f.url,
      boldFile: f.bold_url || undefined,
      license: "",
      is_me_sp: f.premium ? 1 : 0,
    });
  }
  return reg.ensure(f.name);
}

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

export function readRecentFonts(store: KeyValueStore): string[] {
  try {
    const v = JSON.parse(store.getItem(RECENT_FONTS_KEY) ?? "[]");
    return Array.isArray(v)
      ? v.filter((x): x is string => typeof x === "string").slice(0, RECENT_FONTS_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts a family first in the recent list (no duplicates, at most RECENT_FONTS_MAX). */
export function pushRecentFont(store: KeyValueStore, name: string): string[] {
  const list = [name, ...readRecentFonts(store).filter((n) => n !== name)].slice(0, RECENT_FONTS_MAX);
  try {
    store.setItem(RECENT_FONTS_KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: the list is only a convenience
  }
  return list;
}
