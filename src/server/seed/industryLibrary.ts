// The industry template library in the file store: each template's .tprt and its cover (an outlined
// SVG drawn by our renderer) under _library/industry/, once per interface language (its texts are
// printed in that language, issue 34), readable by every signed-in user. Keys carry a hash of the
// file, so a changed template is published anew and never served stale. A language's set is
// published when it is first asked for (the default language's at start): a server whose users
// read one language never draws the other four sets.
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

const entries = new Map<Language, readonly Entry[]>();

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

/** Every template in `lang` with its file (built once per process: pure data, milliseconds). */
function catalogue(lang: Language): readonly Entry[] {
  let built = entries.get(lang);
  if (!built) {
    built = INDUSTRIES.flatMap((ind) =>
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
    );
    entries.set(lang, built);
  }
  return built;
}

/** The language a published key is in (`<slug>-<lang>-<hash>.tprt|svg`), null for any other name. */
const KEY_LANGUAGE = new RegExp(`-(${LANGUAGES.join("|")})-[0-9a-f]{10}\\.(tprt|svg)$`);

/** Writes `lang`'s files that are missing, and drops that language's stale ones (and any key not named as ours). */
async function writeFiles(files: FileStore, lang: Language): Promise<void> {
  const mine = catalogue(lang);
  const current = new Set(mine.flatMap((e) => [e.fileKey, e.coverKey]));
  for (const old of await files.list(FOLDER)) {
    const of = KEY_LANGUAGE.exec(old.key)?.[1];
    if ((of === lang || of === undefined) && !current.has(old.key)) await files.delete(old.key);
  }
  for (const e of mine)
    if (!(await files.get(e.fileKey))) await files.put(e.fileKey, new TextEncoder().encode(e.xml));
}

/** Draws `lang`'s covers that are missing: what takes the time. */
async function drawCovers(files: FileStore, lang: Language): Promise<void> {
  const { parseLabelFile } = await import("../../model/file");
  for (const e of catalogue(lang)) {
    if (await files.get(e.coverKey)) continue;
    const parsed = parseLabelFile(e.xml, `${e.slug}.tprt`);
    if (!parsed.ok) throw new Error(`${e.slug}: ${parsed.error.key}`);
    await files.put(e.coverKey, await outlinedPreview(parsed.doc));
  }
}

/** How long a listing waits for its language's covers being drawn; then it lists them without. */
const COVER_WAIT_MS = 15_000;

/**
 * The library of one server: each language's set published once, when first asked for. Its files
 * at once (the library is listed whole), then its covers, one language drawing at a time.
 */
export class IndustryLibrary {
  private readonly sets = new Map<Language, { files: Promise<void>; covers: Promise<void> }>();
  /** the covers being drawn last: the next language's wait for them */
  private drawing: Promise<void> = Promise.resolve();

  constructor(
    private readonly files: FileStore,
    private readonly log: (l: string) => void,
    /** off: nothing is published, the listing is what the store already holds */
    private readonly enabled: boolean,
    private readonly timeoutMs = 120_000,
  ) {}

  /** `lang`'s set, its publication started on the first call; each promise resolves, never rejects. */
  private set(lang: Language) {
    let set = this.sets.get(lang);
    if (!set) {
      const written = writeFiles(this.files, lang);
      const drawn = this.drawing.then(async () => {
        await written;
        await drawCovers(this.files, lang);
      });
      set = {
        files: bestEffort(`industry templates (${lang})`, written, this.log, this.timeoutMs),
        covers: bestEffort(`industry covers (${lang})`, drawn, this.log, this.timeoutMs),
      };
      this.drawing = set.covers;
      this.sets.set(lang, set);
    }
    return set;
  }

  /** Publishes `lang`'s set if it is not yet; resolves when its files and covers are there (or given up). */
  publish(lang: Language): Promise<void> {
    return this.enabled ? this.set(lang).covers : Promise.resolve();
  }

  /** The library as the page lists it in `lang`: that language's set published first if need be. */
  async listing(lang: Language): Promise<IndustryListing> {
    if (this.enabled) {
      const set = this.set(lang);
      await set.files;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([set.covers, new Promise((ok) => (timer = setTimeout(ok, COVER_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return industryListing(this.files, lang);
  }
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
async function industryListing(files: FileStore, lang: Language): Promise<IndustryListing> {
  const stored = new Set((await files.list(FOLDER)).map((f) => f.key));
  const list = catalogue(lang)
    .filter((e) => stored.has(e.fileKey))
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
