// The font files a page hands to its workers (the PDF/image export worker, the printer template
// worker): each face the page has loaded, custom families included, once per worker, so a worker
// neither downloads a file again nor misses a family only the page knows.
import { getFontRegistry } from "./fonts";

export interface SharedFace {
  readonly family: string;
  readonly bold: boolean;
  readonly bytes: ArrayBuffer;
}

/** The page's loaded faces not yet in `sent` (a copy of each file, to transfer); marks them sent. */
export function facesToShare(sent: WeakSet<ArrayBuffer>): SharedFace[] {
  const reg = getFontRegistry();
  const faces: SharedFace[] = [];
  for (const { name } of reg.families()) {
    for (const bold of [false, true]) {
      const bytes = reg.isLoaded(name, bold) ? reg.bytes(name, bold) : undefined;
      if (!bytes || sent.has(bytes)) continue;
      sent.add(bytes);
      faces.push({ family: name, bold, bytes: bytes.slice(0) });
    }
  }
  return faces;
}

/**
 * In the worker: registers the faces after those handed over before (`before`); answers the promise
 * jobs wait on. A file that does not load is skipped (the worker fetches that family itself).
 */
export function registerShared(before: Promise<unknown>, faces: readonly SharedFace[]): Promise<unknown> {
  const reg = getFontRegistry();
  return before.then(() =>
    Promise.all(faces.map((f) => reg.registerFace(f.family, f.bytes, f.bold).catch(() => null))),
  );
}
