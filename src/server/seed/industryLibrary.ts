// The industry template library in the file store: each template's .tprt and its cover (an outlined
// SVG drawn by our renderer) under _library/industry/, once per interface language (its texts are
// printed in that language, issue 34), readable by every signed-in user. Keys carry a hash of the
// file, so a changed template is published anew and never served stale.
import { createHash } from "node:crypto";
import { translate } from "../../i18n/messages";
import { LANGUAGES, type Language } from "../../model/constants";
import { serializeTprt } from "../../model/file";
import type { FileStore } from "../files/store";
import { buildTemplate, INDUSTRIES, industryNameKey, templateNameKey } from "./industry";
import { bestEffort, outlinedPreview } from "./previews";

/** Keys under this prefix are the library's: any signed-in user may read them. */
export const LIBRARY_PREFIX = "_library/";
const FOLDER = `${LIBRARY_PREFIX}industry/`;

interface Entry {
  readonly slug: string;
  readonly industry: string;
  readonly lang: Language;
  readonly width: number;
  readonly height: number;
  readonly xml: string;
  /** the texts printed on it (fixed values of its elements and cells): what a search also finds */
  readonly words: string;
  readonly fileKey: string;
  readonly coverKey: string;
}

let entries: readonly Entry[] | null = null;

/** The fixed texts anywhere in the elements (text, codes, table cells), space-separated. */
function printedWords(value: unknown): string {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if ((k === "FirstValue" || k === "NormalText") && typeof x === "string" && x.trim())
          out.add(x.trim());
        else walk(x);
      }
  };
  walk(value);
  return [...out].join(" ");
}

/** Every template in every language with its file (built once per process: pure data, milliseconds). */
function catalogue(): readonly Entry[] {
  entries ??= LANGUAGES.flatMap((lang) =>
    INDUSTRIES.flatMap((ind) =>
      ind.templates.map((t) => {
        const doc = buildTemplate(t, lang);
        const xml = serializeTprt(doc);
        const hash = createHash("sha256").update(xml).digest("hex").slice(0, 10);
        const base = `${FOLDER}${t.slug}-${lang}-${hash}`;
        return {
          slug: t.slug,
          industry: ind.id,
          lang,
          width: t.width,
          height: t.height,
          xml,
          words: printedWords(doc.elements),
          fileKey: `${base}.tprt`,
          coverKey: `${base}.svg`,
        };
      }),
    ),
  );
  return entries;
}

/** Writes the files and covers that are missing; resolves (never rejects) when done or given up. */
export function publishIndustryLibrary(files: FileStore, log: (l: string) => void, timeoutMs = 120_000) {
  const work = (async () => {
    const { parseLabelFile } = await import("../../model/file");
    const current = new Set(catalogue().flatMap((e) => [e.fileKey, e.coverKey]));
    for (const old of await files.list(FOLDER)) if (!current.has(old.key)) await files.delete(old.key);
    // every file first (the library is listed at once), then the covers, which take the time
    for (const e of catalogue())
      if (!(await files.get(e.fileKey))) await files.put(e.fileKey, new TextEncoder().encode(e.xml));
    for (const e of catalogue()) {
      if (await files.get(e.coverKey)) continue;
      const parsed = parseLabelFile(e.xml, `${e.slug}.tprt`);
      if (!parsed.ok) throw new Error(`${e.slug}: ${parsed.error.key}`);
      await files.put(e.coverKey, await outlinedPreview(parsed.doc));
    }
  })();
  return bestEffort("industry templates", work, log, timeoutMs);
}

export interface IndustryListing {
  industries: { id: string; name: string; count: number }[];
  list: {
    id: string;
    industry: string;
    name: string;
    width: number;
    height: number;
    file: string;
    image: string;
    /** the texts it prints, for the page's search */
    words: string;
  }[];
}

/** The library as the page lists it, named and printing in `lang`; only what is published is listed. */
export async function industryListing(files: FileStore, lang: Language): Promise<IndustryListing> {
  const stored = new Set((await files.list(FOLDER)).map((f) => f.key));
  const list = catalogue()
    .filter((e) => e.lang === lang && stored.has(e.fileKey))
    .map((e) => ({
      id: e.slug,
      industry: e.industry,
      name: translate(templateNameKey(e.slug), {}, lang),
      width: e.width,
      height: e.height,
      file: `/files/${e.fileKey}`,
      image: stored.has(e.coverKey) ? `/files/${e.coverKey}` : "",
      words: e.words,
    }));
  const industries = INDUSTRIES.map((i) => ({
    id: i.id,
    name: translate(industryNameKey(i.id), {}, lang),
    count: list.filter((t) => t.industry === i.id).length,
  })).filter((i) => i.count > 0);
  return { industries, list };
}
