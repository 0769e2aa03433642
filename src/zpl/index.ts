// ZPL in: a .zpl/.prn file → editable label documents, one per ^XA…^XZ format (docs/zpl.md).
// `readZpl` is the one entry the editor, the template upload and the CLI call.
import type { LabelDocument } from "../model/types";
import { type FontRegistry, getFontRegistry } from "../render";
import { finishLabel } from "./finish";
import { interpretZpl, type ZplOptions, type ZplUnknown } from "./interpret";
import type { MaskedCopies } from "./pages";

export { isZplFile, isZplFileName } from "./fileName";
export { interpretZpl, type ZplOptions, type ZplParse, type ZplUnknown } from "./interpret";
export {
  isZplDpi,
  ZPL_DEFAULT_DPI,
  ZPL_DPIS,
  ZPL_MAX_BYTES,
  ZPL_MAX_PAGES,
  type ZplDpi,
  ZplError,
} from "./limits";
export { copiesOf, type MaskedCopies, printedLabels } from "./pages";

export interface ZplRead {
  readonly docs: readonly LabelDocument[];
  /** how many of each label the printer would print (^PQ), by index of `docs` */
  readonly copies: readonly number[];
  /** each label's ^SF fields: element id → its data on each printed copy */
  readonly masked: readonly MaskedCopies[];
  /** commands read but not drawn (command, count), to show the user */
  readonly unknown: readonly ZplUnknown[];
  readonly dpi: number;
}

/** Reads a ZPL file's labels with exact sizes; throws ZplError (a message key) on bad input. */
export async function readZpl(
  bytes: Uint8Array,
  opts: ZplOptions = {},
  fonts?: FontRegistry,
): Promise<ZplRead> {
  const parsed = interpretZpl(bytes, opts);
  const registry = fonts ?? getFontRegistry();
  for (const [family, file] of parsed.fonts) await registerDownloaded(registry, family, file);
  const docs: LabelDocument[] = [];
  // what only the finished sizes show was not drawn exactly (a reversed field over part of a box)
  const unknown = new Map(parsed.unknown.map((u) => [u.command, u.count]));
  const note = (command: string) => unknown.set(command, (unknown.get(command) ?? 0) + 1);
  for (const label of parsed.labels) docs.push(await finishLabel(label, registry, note));
  return {
    docs,
    copies: parsed.labels.map((l) => l.copies),
    masked: parsed.labels.map((l) => l.masked),
    unknown: [...unknown].map(([command, count]) => ({ command, count })),
    dpi: parsed.dpi,
  };
}

/**
 * A font the file downloaded becomes a family of the fonts (its name holds a hash of its bytes: the
 * same font is registered once). A file that is no font leaves its texts to the fallback face.
 */
async function registerDownloaded(fonts: FontRegistry, family: string, file: Uint8Array): Promise<void> {
  if (fonts.hasFamily(family)) return;
  try {
    await fonts.registerFace(family, file.slice().buffer);
    fonts.addFamily({ name: family, file: "", license: "", is_me_sp: 0 });
  } catch {
    // not a font we can read: its texts are drawn in the fallback face
  }
}

/** "^MU ×2, ~JR" — the unknown commands as one line. */
export function unknownList(unknown: readonly ZplUnknown[]): string {
  return unknown.map((u) => (u.count > 1 ? `${u.command} ×${u.count}` : u.command)).join(", ");
}
