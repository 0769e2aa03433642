// What a new user needs to see a working product: a default template folder, an image and a
// spreadsheet folder, and sample labels. Idempotent: safe on every login and on concurrent calls.
import { readFile } from "node:fs/promises";
import { translate } from "../../i18n/messages";
import type { Language } from "../../model/constants";
import { newRecordId, newTemplateId } from "../../model/ids";
import type { Queryable } from "../db";
import type { Services } from "../http/context";
import { TEMPLATE_COLS, type TemplateRow } from "../services/templates";
import { recordVersion } from "../services/templateVersions";
import { samplePreview } from "./previews";
import { SAMPLES } from "./samples";

export { SAMPLES } from "./samples";

const sampleUrl = (name: string) => new URL(`./samples/${name}`, import.meta.url);

/** The user's default template folder id (the first folder), creating it when missing. */
async function defaultClass(q: Queryable, userId: string, lang: Language): Promise<string> {
  const rows = await q.query<{ id: string }>(
    "SELECT id FROM template_classes WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at, id LIMIT 1",
    [userId],
  );
  if (rows[0]) return rows[0].id;
  const id = newRecordId();
  await q.query("INSERT INTO template_classes (id, user_id, name, is_default) VALUES ($1, $2, $3, true)", [
    id,
    userId,
    translate("server.folder.default", {}, lang),
  ]);
  return id;
}

export async function ensureUserContent(s: Services, userId: string, lang: Language): Promise<void> {
  await s.db.tx(async (q) => {
    // One seeding at a time per user (concurrent first logins).
    await q.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`seed:${userId}`]);
    const classId = await defaultClass(q, userId, lang);
    for (const [type, key] of [
      [1, "server.folder.images"],
      [2, "server.folder.sheets"],
    ] as const) {
      const has = await q.query(
        "SELECT 1 FROM cloud_classes WHERE user_id = $1 AND type = $2 AND deleted_at IS NULL LIMIT 1",
        [userId, type],
      );
      if (has.length === 0) {
        await q.query("INSERT INTO cloud_classes (id, user_id, type, name) VALUES ($1, $2, $3, $4)", [
          newRecordId(),
          userId,
          type,
          translate(key, {}, lang),
        ]);
      }
    }
    // Samples once per user: deleting them later must not bring them back.
    const first = await q.query(
      "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key",
      [`samples:${userId}`, new Date().toISOString()],
    );
    if (first.length === 0) return;
    for (const sample of SAMPLES) {
      const key = `${userId}/tprt/samples/${sample.file}`;
      await s.files.put(key, new Uint8Array(await readFile(sampleUrl(sample.file))));
      const preview = await samplePreview(s.files, sample.file);
      const imageKey = key.replace(/\.tprts?$/, ".svg");
      if (preview) await s.files.put(imageKey, preview);
      // a sample is a template like any other: its first version is kept (templateVersions.ts)
      const added = await q.query<TemplateRow>(
        `INSERT INTO templates (id, user_id, class_id, name, width, height, file_url, image, platform)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 2) ON CONFLICT (user_id, class_id, name) WHERE deleted_at IS NULL DO NOTHING
         RETURNING ${TEMPLATE_COLS}`,
        [
          newTemplateId(),
          userId,
          classId,
          translate(sample.nameKey, {}, lang),
          sample.width,
          sample.height,
          `/files/${key}`,
          preview ? `/files/${imageKey}` : "",
        ],
      );
      if (added[0]) await recordVersion(q, added[0], userId, userId, { note: "" });
    }
  });
}

/** First start: records when the instance was set up (migrations already ran). Idempotent. */
export async function seedInstance(s: Services): Promise<void> {
  await s.db.query(
    "INSERT INTO meta (key, value) VALUES ('instance_created', $1) ON CONFLICT (key) DO NOTHING",
    [new Date().toISOString()],
  );
}
