// TSPL in: a TSPL job's labels as label documents, drawn by the one render path — the print
// dialog's preview of a TSPL printer (src/zpl/nativePreview.ts). The job is read as ZPL (toZpl.ts)
// by our ZPL reader, so one reader draws both languages. Browser-safe: no Node modules.
import type { FontRegistry } from "../render/fonts";
import { readZpl, type ZplRead } from "../zpl/index";
import { tsplToZpl, tsplZplText } from "./toZpl";

export { type TsplZpl, tsplToZpl, tsplZplText } from "./toZpl";

/** Reads a TSPL job's labels (one per PRINT); throws ZplError (a message key) on bad input. */
export async function readTspl(
  bytes: Uint8Array,
  opts: { readonly dpi?: number; readonly size?: { readonly width: number; readonly height: number } } = {},
  fonts?: FontRegistry,
): Promise<ZplRead> {
  const t = tsplToZpl(bytes, opts);
  const read = await readZpl(
    new TextEncoder().encode(tsplZplText(t)),
    { dpi: opts.dpi, name: "TSPL" },
    fonts,
  );
  // what the TSPL reader left out, then what the ZPL reader did
  const unknown = new Map(t.unknown.map((u) => [u.command, u.count]));
  for (const u of read.unknown) unknown.set(u.command, (unknown.get(u.command) ?? 0) + u.count);
  return { ...read, unknown: [...unknown].map(([command, count]) => ({ command, count })) };
}
