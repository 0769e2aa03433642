// What a share lets its recipients read besides the label file and preview: the stored objects the
// shared labels link (their spreadsheets, and any picture or background kept as a /files/ address),
// recorded by exact key when the share is made (issue 34: a shared label keeps its data). Only the
// owner's own keys are ever recorded; the rows go with the share (revoked or expired: unreadable).
import { allSources } from "../../data";
import { parseLabelFile } from "../../model/file";
import { isPicture } from "../../model/kinds/caps";
import type { LabelDocument } from "../../model/types";
import type { Queryable } from "../db";
import type { FileStore } from "../files/store";
import { keyFromUrl } from "../files/urls";

/** The templates of one share whose linked files are looked for (a folder share's newest ones). */
export const SHARE_FILES_TEMPLATES_MAX = 200;

/** Every address a label links: its spreadsheets, pictures, QR centre pictures and background. */
export function linkedUrls(doc: LabelDocument): string[] {
  const out = new Set<string>();
  if (doc.attrs.background) out.add(doc.attrs.background);
  for (const { source } of allSources(doc)) if (source.ConnectionStr) out.add(source.ConnectionStr);
  for (const el of doc.elements) {
    if (isPicture(el) && el.imageSrc) out.add(el.imageSrc);
    const centre = (el as { CenterImage?: string }).CenterImage;
    if (centre) out.add(centre);
  }
  return [...out];
}

/** The owner's stored objects that the label file at `fileUrl` links (none when it cannot be read). */
export async function linkedKeys(files: FileStore, ownerId: string, fileUrl: string): Promise<string[]> {
  const key = keyFromUrl(fileUrl);
  const bytes = key?.startsWith(`${ownerId}/`) ? await files.get(key) : null;
  if (!bytes) return [];
  const parsed = parseLabelFile(bytes);
  if (!parsed.ok) return [];
  const keys = new Set<string>();
  for (const url of linkedUrls(parsed.doc)) {
    const k = keyFromUrl(url.trim());
    if (k?.startsWith(`${ownerId}/`)) keys.add(k);
  }
  return [...keys];
}

/**
 * Records, for share `shareId` of `ownerId`, the exact keys its templates link now (`templates`:
 * their label-file addresses). Called when the share is made and again when a code is added, so a
 * folder share also carries the data of templates added since.
 */
export async function recordShareFiles(
  q: Queryable,
  files: FileStore,
  shareId: string,
  ownerId: string,
  templates: readonly string[],
): Promise<void> {
  const keys = new Set<string>();
  for (const url of templates.slice(0, SHARE_FILES_TEMPLATES_MAX))
    for (const k of await linkedKeys(files, ownerId, url)) keys.add(k);
  if (!keys.size) return;
  await q.query(
    `INSERT INTO share_files (share_id, key) SELECT $1, k FROM unnest($2::text[]) AS k
     ON CONFLICT (share_id, key) DO NOTHING`,
    [shareId, [...keys]],
  );
}
