// What a ZPL file may ask of us before it is refused with a translated error (docs/zpl.md "Limits").
// Every bound is checked before the work it bounds, so hostile input costs at most these.

/** the file itself (a carrier's label with a logo is a few hundred KB) */
export const ZPL_MAX_BYTES = 8 * 1024 * 1024;
/** ^XA…^XZ formats read from one file */
export const ZPL_MAX_LABELS = 500;
/** elements one format may make */
export const ZPL_MAX_FIELDS = 2000;
/** commands kept by the stored formats (^DF) of one file (a carrier's template is a few hundred) */
export const ZPL_MAX_STORED = 20_000;
/** commands played back by all recalls (^XF) of one file */
export const ZPL_MAX_RECALLED = 1_000_000;
/** pages of one file's PDF or print job, its labels' ^PQ copies included */
export const ZPL_MAX_PAGES = 5_000;
/** the dots of one graphic (^GF, ~DG): 4,000 × 4,000 dots, a 20 × 20 inch label at 203 dpi */
export const ZPL_MAX_GRAPHIC_DOTS = 16_000_000;
/** all graphics of one file together, decoded bytes */
export const ZPL_MAX_GRAPHIC_BYTES = 32 * 1024 * 1024;
/** the printer resolutions a file may be read at (dots per inch) */
export const ZPL_DPIS = [152, 203, 300, 600] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];
export const ZPL_DEFAULT_DPI: ZplDpi = 203;

export function isZplDpi(n: number): n is ZplDpi {
  return (ZPL_DPIS as readonly number[]).includes(n);
}

/** A ZPL file that cannot be read: a message key of locales/*.json and its variables. */
export class ZplError extends Error {
  readonly key: string;
  readonly vars: Readonly<Record<string, string | number>>;
  constructor(key: string, vars: Record<string, string | number> = {}) {
    super(key);
    this.name = "ZplError";
    this.key = key;
    this.vars = vars;
  }
}
