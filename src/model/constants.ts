// Business constants of label-editor.md §9 and application.md §9, in one place.
// "Units" are canvas pixels at zoom 1 (PX_PER_MM per millimetre); the document itself is in mm.

export const MM_PER_INCH = 25.4;
export const UNIT_DECIMALS = 3;
export const PX_PER_MM = 3.78;
export type MeasureUnit = "mm" | "inch";
export const DEFAULT_UNIT: MeasureUnit = "mm";

export const DEFAULT_LABEL_WIDTH_MM = 100;
export const DEFAULT_LABEL_HEIGHT_MM = 80;
export const MAX_LABEL_WIDTH_MM = 400;
export const MAX_LABEL_HEIGHT_MM = 3000;

export const ZOOM_MIN = 0.05;
export const ZOOM_MAX = 5;
export const ZOOM_STEP = 0.01;
export const ZOOM_INITIAL_FIT = 0.6;
/** The zoom buttons step to the next of these (as other editors do); they stop at 0.01 and 5 (spec §9:
 *  below the slider's ZOOM_MIN, which a very large label needs to be seen whole). */
export const ZOOM_BUTTON_STOPS = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5] as const;
export const NARROW_SCREEN_MAX_PX = 1280;
/** Below this window width (a tablet in portrait is 768 px) the editor does not fit: it offers the preview with print and export. */
export const EDITOR_MIN_WIDTH_PX = 768;
/** A finger held this long without moving more than LONG_PRESS_MOVE_PX opens the canvas context menu. */
export const LONG_PRESS_MS = 500;
export const LONG_PRESS_MOVE_PX = 8;
export const PANEL_WIDTH_NARROW = 320;
export const PANEL_WIDTH_WIDE = 476;

export const RULER_BAND = 25;
export const RULER_FONT = 11;
export const RULER_LONG_TICK = 10;
export const RULER_SHORT_TICK = 5;
export const RULER_COLOR = "#7b89a1";
export const GRID_LARGE_CANVAS_PX = 756;
export const GRID_LARGE = { cell: 25, major: 50 } as const;
export const GRID_SMALL = { cell: 5, major: 10 } as const;

export const SNAP_DISTANCE = 5;
export const ANCHOR_SIZE = 20;
export const LINE_HIT_WIDTH = 10;
export const DASH_ARRAY = [5, 2] as const;
export const PASTE_OFFSET = 20;
export const ARROW_MOVE = 1;
/**
 * The length of one arrow "unit": the panel's 0.1 mm (not a canvas px, which moved by 0.26 mm and
 * left positions like 2.79); the arrow also lands the selection on the 0.1 mm grid.
 */
export const ARROW_STEP_MM = 0.1;
export const CLICK_MAX_MS = 300;
export const DOUBLE_CLICK_GUARD_MS = 500;
export const TEXT_EDIT_DELAY_MS = 100;
export const CODE_ERROR_DELAY_MS = 1000;
export const TIME_REFRESH_MS = 1000;
export const CANVAS_GUIDE_COLOR = "red";
export const OBJECT_GUIDE_COLOR = "orange";

export const MIN_ELEMENT_SIZE = 20;
export const MIN_LINE_LENGTH = 20;
export const MIN_PEN_WIDTH = 0.3;
export const TEXT_HEIGHT_FACTOR = 1.1;
export const TABLE_MIN_CELL = 2;
export const TABLE_DRAG_MIN_CELL_MM = 0.5;
/** Screen px either side of a table's inner line that grab it for a drag on the canvas. */
export const TABLE_BORDER_GRAB_PX = 4;

export const NEW_TEXT_FONT_SIZE = 18;
export const DEFAULT_FONT_FAMILY = "Noto Sans SC";
export const DEFAULT_TEXT_COLOR = "#000000";
export const DEFAULT_DATE_FORMAT = "yyyy/MM/dd";
export const DEFAULT_TIME_FORMAT = "HH:mm:ss";
/** The spec's yuan, dollar and pound, and the symbols of the other interface languages' defaults. */
export const CURRENCY_SYMBOLS = ["¥", "$", "£", "€", "R$", "₽"] as const;
export const DEFAULT_CURRENCY_SYMBOL = "¥";
export const DEFAULT_PRECISION = -1;
export const DEFAULT_TEXT_ALIGN = 1;
export const VERTICAL_ASCII_WIDTH = 0.55;
export const RECENT_FONTS_MAX = 50;

export const CODE_SCALE = 12;
export const BARCODE_HEIGHT = 10;
export const CODE_TEXT_SIZE = 10;
export const NEW_CODE_FIT_RATIO = 0.3;
export const HANXIN_TEXT_MAX_VERSION = 30;
export const BARCODE_FONT_CAP = 11;
export const BARCODE_FONT_MIN: Readonly<Record<number, number>> = { 6: 7.2, 7: 7.8, 8: 8.5, 9: 7.2 };
export const BARCODE_FONT_MIN_DEFAULT = 4;

export const NEW_TABLE = {
  rows: 2,
  columns: 2,
  cellWidthRatio: 0.3,
  cellHeightRatio: 0.12,
  penWidth: 1,
} as const;
export const TABLE_SELECTION_COLOR = "#3F80F5";
export const TABLE_SELECTION_OPACITY = 0.1;
export const NEW_SHAPE = { width: 150, height: 80, penWidth: 1 } as const;
export const NEW_LINE = { length: 100, penWidth: 2 } as const;
export const ROUND_RECT_RADIUS = 4;

export const EXPORT_DPI = 300;
/**
 * Pixel ratio of a tagged image export, over the canvas's PX_PER_MM: exactly EXPORT_DPI (≈ 3.125).
 * The spec's ratio 3 gives 11.34 px/mm, 288 dpi under a 300 dpi tag, so a printed PNG came out 4 %
 * too large (issue 34); the pixels now match the tag (1181 px for 100 mm).
 */
export const EXPORT_PIXEL_RATIO = EXPORT_DPI / MM_PER_INCH / PX_PER_MM;
export const EXPORT_LARGE_SIDE = 1000;
export const PDF_PAGE = { width: 210, height: 297, margin: 10 } as const;
export const IMAGE_THRESHOLD = 127;
export const PRINT_DPI = 203;
/**
 * A label's target resolution (ours, not in the spec: `targetDpi`, file tag TargetDpi): the printer
 * resolution its codes are drawn for, so that a module is a whole number of dots (docs/barcodes.md).
 */
export const TARGET_DPIS = [203, 300, 600] as const;
export type TargetDpi = (typeof TARGET_DPIS)[number];
export const DEFAULT_TARGET_DPI: TargetDpi = 203;
export const PRINT_DOT_MULTIPLE = 8;
export const RANGE_CHUNK = 1000;
export const PRINT_PREVIEW_LARGE_MM = 400;
export const PRINT_PREVIEW_DELAY_MS = 300;

export const CREATOR_PLATFORM = "Website";
export const CREATOR_VERSION = "V2.5.3";
export const REQUEST_TIMEOUT_MS = 60000;
export const TOKEN_RENEW_HOURS = 24;
export const RELOAD_AFTER_301_MS = 1000;
export const UPSELL_AFTER_COVER_402_MS = 500;
export const ASSISTANT_PORT = 9004;
export const NAME_FORBIDDEN_CHARS = ["\\", "/", ":", "*", "?", '"', "<", ">", "|"] as const;
export const SPREADSHEET_NAME_DISPLAY_MAX = 25;
export const LANGUAGES = ["zh", "en", "pt", "es", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Guide image width by language, above / at-or-below NARROW_SCREEN_MAX_PX. */
export const GUIDE_IMAGE_WIDTH: Readonly<Record<Language, { wide: number; narrow: number }>> = {
  zh: { wide: 256, narrow: 190 },
  en: { wide: 260, narrow: 192 },
  pt: { wide: 307, narrow: 234 },
  es: { wide: 307, narrow: 238 },
  ru: { wide: 326, narrow: 250 },
};

/**
 * Scan to print (ours, issue 27): a record printed on scan asks before printing again when it is
 * scanned once more within SCAN_DUPLICATE_MS; the scan panel lists the last SCAN_HISTORY scans.
 * A keyboard-wedge scanner types SCAN_WEDGE_MIN_CHARS or more characters, typically (the median gap)
 * at most SCAN_WEDGE_GAP_MS apart and none more than SCAN_WEDGE_MAX_GAP_MS (a busy computer delays a
 * few keys), then its suffix key; people type slower (100 ms and more between every key).
 */
export const SCAN_DUPLICATE_MS = 5000;
export const SCAN_HISTORY = 8;
export const SCAN_WEDGE_GAP_MS = 50;
export const SCAN_WEDGE_MAX_GAP_MS = 250;
export const SCAN_WEDGE_MIN_CHARS = 4;

/** How far an office printer's sheet offset may go each way, in mm (printers are off by a few mm, not centimetres). */
export const SHEET_OFFSET_MAX_MM = 10;

/** The versions a cloud template keeps: its newest saves (issue 40; docs/api.md "Template versions"). */
export const TEMPLATE_VERSIONS_KEPT = 30;
/** The longest note a template version carries (its own, or an owner's reason for a rejection). */
export const VERSION_NOTE_MAX = 200;
/** The most versions a team may choose to keep per template, and the longest age limit in days
 * (a team's "days" of 0 keeps versions whatever their age). */
export const TEMPLATE_VERSIONS_KEPT_MAX = 200;
export const TEMPLATE_VERSIONS_DAYS_MAX = 3650;
