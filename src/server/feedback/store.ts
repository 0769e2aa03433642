// Feedback rows and "was this helpful" counts: written by the routes (routes/feedback.ts), read by
// the operator's `npm run admin -- feedback` (src/server/admin).
import { randomUUID } from "node:crypto";
import type { FeedbackKind } from "../../feedback/rules";
import type { Queryable } from "../db";

export interface NewFeedback {
  userId: string | null;
  account: string;
  kind: FeedbackKind;
  description: string;
  contact: string;
  screenshotKey: string;
  page: string;
  appVersion: string;
  userAgent: string;
  language: string;
}

export interface FeedbackRow {
  id: string;
  created_at: string;
  kind: FeedbackKind;
  account: string;
  contact: string;
  description: string;
  screenshot_key: string;
  page: string;
  app_version: string;
  user_agent: string;
  language: string;
}

export async function insertFeedback(db: Queryable, f: NewFeedback): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO feedback (id, user_id, account, kind, description, contact, screenshot_key, page,
       app_version, user_agent, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      f.userId,
      f.account,
      f.kind,
      f.description,
      f.contact,
      f.screenshotKey,
      f.page,
      f.appVersion,
      f.userAgent,
      f.language,
    ],
  );
  return id;
}

/** Feedback newest first, optionally only what arrived at or after `since`. */
export async function listFeedback(db: Queryable, opts: { since?: Date } = {}): Promise<FeedbackRow[]> {
  const rows = await db.query<Omit<FeedbackRow, "created_at"> & { created_at: Date | string }>(
    `SELECT id, created_at, kind, account, contact, description, screenshot_key, page, app_version,
       user_agent, language
     FROM feedback WHERE ($1::timestamptz IS NULL OR created_at >= $1::timestamptz)
     ORDER BY created_at DESC, id`,
    [opts.since ? opts.since.toISOString() : null],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/** Counts one "was this helpful" answer for an article in a language. */
export async function recordHelpVote(
  db: Queryable,
  slug: string,
  language: string,
  helpful: boolean,
): Promise<{ yes: number; no: number }> {
  const rows = await db.query<{ yes: number; no: number }>(
    `INSERT INTO help_votes (slug, language, yes, no) VALUES ($1, $2, $3, $4)
     ON CONFLICT (slug, language) DO UPDATE SET
       yes = help_votes.yes + EXCLUDED.yes, no = help_votes.no + EXCLUDED.no
     RETURNING yes, no`,
    [slug, language, helpful ? 1 : 0, helpful ? 0 : 1],
  );
  return { yes: Number(rows[0]?.yes ?? 0), no: Number(rows[0]?.no ?? 0) };
}

export async function helpVotes(
  db: Queryable,
): Promise<{ slug: string; language: string; yes: number; no: number }[]> {
  return db.query("SELECT slug, language, yes, no FROM help_votes ORDER BY slug, language");
}
