// The feedback form's rules, shared by the form (src/app/feedback) and the server
// (src/server/routes/feedback.ts): question types (spec §1 names the field, not its values), limits.

/** Question types, in the order the form lists them. */
export const FEEDBACK_KINDS = ["bug", "suggestion", "question", "other"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const FEEDBACK_DESCRIPTION_MAX = 2000;
export const FEEDBACK_CONTACT_MAX = 100;
/** The page the feedback was sent from (path and query). */
export const FEEDBACK_PAGE_MAX = 500;
/** A screenshot, uploaded or captured: PNG or JPEG up to this size. */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** Feedback one user (or, signed out, one address) may send per minute. */
export const FEEDBACK_PER_MINUTE = 3;

export const isFeedbackKind = (v: unknown): v is FeedbackKind =>
  typeof v === "string" && (FEEDBACK_KINDS as readonly string[]).includes(v);

/** A help article's address in the "was this helpful" counts: its slug (help/<lang>/<slug>.md). */
export const HELP_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
