// Fonts for the labels the assistant prints: the shipped files from public/fonts when it runs in a
// clone of the repository, else (the downloaded assistant carries no fonts) from the web app that
// sent the job, at <origin>/label/fonts/<file> (node:http, which works under Wine too:
// httpRequest.ts): one registry per web app origin.
import { defaultSource, FontRegistry, type FontSource } from "../render/fonts";
import { request } from "./httpRequest";

/** The assistant fetches fonts from this many web apps at most (the oldest registry is dropped). */
const MAX_ORIGINS = 8;

export function fontSourceFor(origin: string): FontSource {
  const base = `${origin}/label/fonts/`;
  const disk = defaultSource(base);
  return async (file) => {
    try {
      return await disk(file);
    } catch (e) {
      if (/^(https?:|data:|blob:|\/)/.test(file) || file.includes("..")) throw e;
      const r = await request(`${base}${encodeURIComponent(file)}`);
      if (!r.ok) throw new Error(`font ${file}: HTTP ${r.status}`);
      return r.arrayBuffer();
    }
  };
}

export class OriginFonts {
  private readonly byOrigin = new Map<string, FontRegistry>();

  /** The registry for jobs from `origin` (undefined: a local program, the shipped files only). */
  for(origin: string | undefined): FontRegistry | undefined {
    if (!origin) return undefined;
    let r = this.byOrigin.get(origin);
    if (!r) {
      r = new FontRegistry({ source: fontSourceFor(origin) });
      this.byOrigin.set(origin, r);
      if (this.byOrigin.size > MAX_ORIGINS) this.byOrigin.delete(this.byOrigin.keys().next().value as string);
    }
    return r;
  }
}
