// bwip-js is large (about 1 MB), so it is imported on first need; once loaded, every call is synchronous.
// The "browser" build is used everywhere: it has typings under Bundler resolution and runs in Node too.

import { TIP } from "../i18n/tips";
import { CodeError } from "./types";

type RawLinear = { bbs: number[]; bhs: number[]; sbs: number[] };
type RawMatrix = { pixs: number[]; pixx: number; pixy: number; height: number; width: number };
export interface BwipApi {
  raw(opts: Record<string, unknown>): (RawLinear | RawMatrix)[];
  toSVG(opts: Record<string, unknown>): string;
}

let api: BwipApi | null = null;
let loading: Promise<BwipApi> | null = null;

export function loadBwip(): Promise<BwipApi> {
  loading ??= import("bwip-js/browser").then((m) => {
    // The named export `raw` is BWIPP's "raw" symbology; the converter to raw data lives on the default export.
    const mod = m as unknown as { default?: BwipApi & { default?: BwipApi } };
    api = (mod.default?.default ?? mod.default) as BwipApi;
    return api;
  });
  return loading;
}

export function bwipLoaded(): boolean {
  return api !== null;
}

function requireBwip(): BwipApi {
  if (!api) throw new CodeError("codes.error.notLoaded");
  return api;
}

/** bwip-js errors read "bwipp.name#123: text"; tip111 shows the text after the colon. */
function wrap<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof CodeError) throw e;
    const msg = e instanceof Error ? e.message : String(e);
    const colon = msg.indexOf(":");
    throw new CodeError(TIP.codeFailed, {}, (colon >= 0 ? msg.slice(colon + 1) : msg).trim());
  }
}

export function bwipLinear(bcid: string, text: string, opts: Record<string, unknown> = {}): RawLinear {
  const b = requireBwip();
  return wrap(() => b.raw({ ...opts, bcid, text })[0] as RawLinear);
}

export function bwipMatrix(bcid: string, text: string, opts: Record<string, unknown> = {}): RawMatrix {
  const b = requireBwip();
  return wrap(() => b.raw({ ...opts, bcid, text })[0] as RawMatrix);
}
