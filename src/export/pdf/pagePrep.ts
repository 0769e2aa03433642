// The part of a page's PDF work that needs nothing of the document being written, so that Node's big
// exports can do it in worker threads (src/export/node/pdfPages.ts): the labels' SVGs split into
// top-level parts, and the operators of every part drawn per record that holds no image (images are
// written once per document by the writer). Two things are left in the operators for the writer to
// fill in (`fillIn`): each text item, as read (its glyphs get the document's CIDs in order of first
// use), and the name of a shared form (a QR code's finders), whose operators are sent along once.
import { isDataBound } from "../../model/kinds/caps";
import type { LabelDocument } from "../../model/types";
import type { LabelParts } from "../sheets";
import { type Item, readSvgSource, type TextItem } from "../svg/read";
import { partId } from "../svg/tree";
import { Painter } from "./paint";
import { RepeatCache } from "./repeats";

export interface PreparedLabel {
  readonly x: number;
  readonly y: number;
  /** the label's top-level parts, in z-order; null: the same as the previous label's */
  readonly parts: (string | null)[];
  /** each part's operators when made here (shared forms as placeholders), else null */
  readonly ops: (string | null)[];
}

export interface PreparedPage {
  readonly labels: PreparedLabel[];
  /** shared forms first named on this page: [key, operators] */
  readonly shared: [string, string][];
}

/** Pages `from` to `to` (exclusive) prepared on the writer's own thread (while its workers are busy). */
export type PrepareHere = (from: number, to: number) => PreparedPage[];

// Marks in prepared operators (otherwise ASCII operators and hex strings), in control characters
// that neither operators nor JSON text hold (JSON.stringify writes them as \u0001 …): a shared form's
// key, a text item as JSON. The operators stay one-byte strings, half the bytes to post to the writer
// (issue 41): a text beyond ASCII is written with JSON escapes only, as a new string (V8 keeps a
// string made from a two-byte one two bytes a character whatever it holds).
const sharedMark = (key: string) => `\x01${key}\x02`;
const utf8 = new TextDecoder();
const utf8In = new TextEncoder();
const ascii = (json: string) =>
  /[\u0080-\uffff]/.test(json)
    ? utf8.decode(
        utf8In.encode(
          json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
        ),
      )
    : json;
const textMark = (item: TextItem) => `\x03${ascii(JSON.stringify(item))}\x04`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the marks are control characters (above)
const MARKS = /\x01([^\x02]*)\x02|(\n?)\x03([^\x04]*)\x04/g;

/** Prepared operators with the writer's form names and text operators in place of the marks. */
export function fillIn(ops: string, form: (key: string) => string, text: (item: TextItem) => string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the marks are control characters
  if (!/[\x01\x03]/.test(ops)) return ops;
  return ops.replace(MARKS, (_, key: string | undefined, nl: string, json: string) => {
    if (key !== undefined) return form(key);
    // a text that draws nothing leaves no line (as when painted in place)
    const t = text(JSON.parse(json));
    return t ? nl + t : "";
  });
}

/** Top-level parts that never depend on the record: elements not bound to data (the background too). */
export function staticIds(doc: LabelDocument): Set<string> {
  return new Set(doc.elements.filter((el) => !isDataBound(el)).map((el) => el.Id));
}

/**
 * Which top-level parts are the same on every label: elements not bound to data (`fixed`), a
 * background image, and a data-bound part that came out as on the previous label (a fixed source,
 * a repeated value). Asked once per part, labels in order.
 */
export class StaticParts {
  private readonly last = new Map<string, string>();
  constructor(private readonly fixed: ReadonlySet<string>) {}

  isStatic(part: string): boolean {
    const id = partId(part);
    if (!id) return part.startsWith("<image");
    const same = this.fixed.has(id) || this.last.get(id) === part;
    this.last.set(id, part);
    return same;
  }

  /** Forget the previous label (a worker's batch starts somewhere else). */
  reset(): void {
    this.last.clear();
  }
}

const noImage = (items: readonly Item[]): boolean =>
  items.every((it) => it.kind !== "image" && (it.kind !== "group" || noImage(it.children)));

/** Never reached: text is deferred and parts with images are left to the writer. */
const unused = new Proxy({}, { get: () => () => null });

/** Prepares pages of one document, away from its writer. */
export class PagePrep {
  private readonly statics: StaticParts;
  private readonly cache = new RepeatCache<string | null>();
  private readonly sent = new Set<string>();
  private fresh: [string, string][] = [];
  /** the last label's parts */
  private prev: string[] | null = null;
  private readonly painter = new Painter({
    fonts: unused as never,
    images: unused as never,
    deferText: textMark,
    shared: (key, ops) => {
      if (!this.sent.has(key)) {
        this.sent.add(key);
        this.fresh.push([key, ops()]);
      }
      return sharedMark(key);
    },
  });

  constructor(fixed: ReadonlySet<string>) {
    this.statics = new StaticParts(fixed);
  }

  private opsOf(part: string): string | null {
    return this.cache.get(part, () => {
      const items = readSvgSource(part);
      return noImage(items) ? this.painter.paint(items) : null;
    });
  }

  /** Consecutive pages from here on: `reset` first when they do not follow the last one asked. */
  page(labels: readonly LabelParts[]): PreparedPage {
    const out = labels.map(({ parts, x, y }) => {
      const ops = parts.map((p) => (this.statics.isStatic(p) ? null : this.opsOf(p)));
      const prev = this.prev;
      this.prev = parts;
      // what the previous label had in the same place is not sent again (the fixed parts)
      return { x, y, parts: parts.map((p, k) => (prev?.[k] === p ? null : p)), ops };
    });
    const shared = this.fresh;
    this.fresh = [];
    return { labels: out, shared };
  }

  reset(): void {
    this.statics.reset();
    this.prev = null;
  }
}

/** A prepared label's parts in full, given the previous label's (as `PagePrep.page` left them out). */
export function fullParts(label: PreparedLabel, prev: readonly string[] | null): string[] {
  return label.parts.map((p, k) => p ?? prev?.[k] ?? "");
}
