// Stored files follow the rows that point to them: a file goes once no template (live or in data
// recovery), no kept template version, no cloud file and no print record (its printed picture) of its
// owner points to it any more.
import type { Queryable } from "../db";
import type { FileStore } from "../files/store";
import { ownKeyFromUrl } from "../files/urls";

/** Deletes the stored files of `urls` that none of the user's rows still use (only the user's own keys). */
export async function dropUnusedFiles(
  db: Queryable,
  files: FileStore,
  userId: string,
  urls: readonly string[],
): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url) continue;
    const key = ownKeyFromUrl(userId, url);
    if (!key) continue;
    const used = await db.query(
      `SELECT 1 FROM templates WHERE user_id = $1 AND (file_url = $2 OR image = $2)
       UNION ALL SELECT 1 FROM template_versions WHERE user_id = $1 AND (file_url = $2 OR image = $2)
       UNION ALL SELECT 1 FROM cloud_files WHERE user_id = $1 AND url = $2
       UNION ALL SELECT 1 FROM print_history WHERE user_id = $1 AND image = $2 LIMIT 1`,
      [userId, url],
    );
    if (used.length === 0) await files.delete(key).catch(() => false);
  }
}
