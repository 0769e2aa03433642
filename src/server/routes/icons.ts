// Icon library (spec §7: getLogClass, getLogList). The icons are the open-licence set shipped in
// public/icons (see public/icons/README.md); public/icons/manifest.json lists categories and icons.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Language } from "../../model/constants";
import { str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";

interface Category {
  readonly id: string;
  readonly name: Partial<Record<Language, string>>;
  readonly icons: readonly string[];
}

const SAFE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The manifest's categories; malformed entries (and names that could leave the folder) are dropped. */
export function parseIconManifest(text: string): Category[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const cats = (parsed as { categories?: unknown })?.categories;
  if (!Array.isArray(cats)) return [];
  return cats
    .filter((c) => c && typeof c.id === "string" && SAFE.test(c.id) && Array.isArray(c.icons))
    .map((c) => ({
      id: c.id as string,
      name: c.name && typeof c.name === "object" ? c.name : {},
      icons: (c.icons as unknown[]).filter((n): n is string => typeof n === "string" && SAFE.test(n)),
    }));
}

async function categories(ctx: Ctx): Promise<Category[]> {
  try {
    return parseIconManifest(await readFile(join(ctx.config.publicDir, "icons", "manifest.json"), "utf8"));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") ctx.config.log(`[inkless] icons manifest: ${e}`);
    return [];
  }
}

function pickName(c: Category, lang: Language): string {
  const n = c.name[lang] ?? c.name.en;
  return typeof n === "string" && n ? n : c.id;
}

/** "shopping-cart" → "Shopping cart" */
export function iconTitle(name: string): string {
  const words = name.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const iconRoutes: Routes = {
  "/api/tem.app_shared/getLogClass": {
    get: true,
    auth: false,
    async handle(ctx) {
      const cats = await categories(ctx);
      return ok(
        cats.map((c) => ({
          id: c.id,
          name: pickName(c, ctx.lang),
          son: [],
        })),
      );
    },
  },
  "/api/tem.app_shared/getLogList": {
    get: true,
    auth: false,
    async handle(ctx) {
      const id = str(ctx.fields, "id", 200);
      const cat = (await categories(ctx)).find((c) => c.id === id);
      return ok(
        (cat?.icons ?? []).map((n) => ({
          id: `${cat?.id}/${n}`,
          name: iconTitle(n),
          url: `/label/icons/${cat?.id}/${n}.svg`,
        })),
      );
    },
  },
};
