// The feedback form (spec §1: question type, description, contact, screenshot) and the help
// articles' "was this helpful" answers. Both are open to signed-out visitors (the help centre is
// public); both are rate-limited with the shared attempt limiter.

import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_PAGE_MAX,
  FEEDBACK_PER_MINUTE,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  HELP_SLUG,
  isFeedbackKind,
} from "../../feedback/rules";
import { isLanguage } from "../../i18n/messages";
import { APP_VERSION } from "../../model/version";
import { takeAttempt } from "../auth/rateLimit";
import { insertFeedback, type NewFeedback, recordHelpVote } from "../feedback/store";
import { decodeImageDataUrl } from "../files/dataUrl";
import { newKey } from "../files/urls";
import { ANON_BODY_BYTES } from "../http/anonBody";
import { bool, str } from "../http/body";
import { type Ctx, ok, type Routes } from "../http/context";
import { ApiError, Code } from "../http/envelope";

/** Help answers one address may give per minute (a reader answers one article at a time). */
const HELP_VOTES_PER_MINUTE = 20;
const USER_AGENT_MAX = 500;
const HELP_DIR = fileURLToPath(new URL("../../../help/", import.meta.url));

const fail = (key: string, vars: Record<string, string | number> = {}) =>
  new ApiError(Code.failed, key, vars);

/** The articles of a language (help/<lang>/<slug>.md), read once. */
const articles = new Map<string, Promise<Set<string>>>();
function articlesOf(lang: string): Promise<Set<string>> {
  let p = articles.get(lang);
  if (!p) {
    p = readdir(`${HELP_DIR}${lang}`).then(
      (names) => new Set(names.filter((n) => n.endsWith(".md")).map((n) => n.slice(0, -3))),
      () => new Set<string>(),
    );
    articles.set(lang, p);
  }
  return p;
}

/** Mails the operator (INKLESS_FEEDBACK_TO) through the configured sender; a failure is only logged. */
async function mailOperator(ctx: Ctx, f: NewFeedback): Promise<void> {
  const to = ctx.config.feedbackTo;
  if (!to) return;
  const lines = [
    `Type: ${f.kind}`,
    `From: ${f.account || "(signed out)"}`,
    `Contact: ${f.contact || "-"}`,
    `Page: ${f.page || "-"}`,
    `App version: ${f.appVersion}`,
    `Browser: ${f.userAgent || "-"}`,
    `Screenshot: ${f.screenshotKey ? `files/${f.screenshotKey} in the data folder` : "-"}`,
    "",
    f.description,
  ];
  try {
    await ctx.sender.send({
      to,
      channel: "email",
      subject: `[Inkless feedback] ${f.kind}: ${f.description.replace(/\s+/g, " ").slice(0, 60)}`,
      text: lines.join("\n"),
    });
  } catch (e) {
    ctx.config.log(`[inkless] feedback mail to ${to} failed: ${(e as Error)?.message ?? e}`);
  }
}

export const feedbackRoutes: Routes = {
  // kind, description (required), contact, screenshot (PNG/JPEG data URL), page
  "/api/feedback/submit": {
    auth: false,
    // signed out too, a screenshot fits: its data URL (base64, 4/3 of the bytes) and the text fields
    anonBodyBytes: Math.ceil((FEEDBACK_SCREENSHOT_MAX_BYTES * 4) / 3) + ANON_BODY_BYTES,
    async handle(ctx) {
      const kind = ctx.fields.kind;
      if (!isFeedbackKind(kind)) throw fail("server.feedback.kind");
      const description = str(ctx.fields, "description", FEEDBACK_DESCRIPTION_MAX);
      if (!description) throw fail("server.feedback.description");
      const contact = str(ctx.fields, "contact", FEEDBACK_CONTACT_MAX);
      const page = str(ctx.fields, "page", FEEDBACK_PAGE_MAX);
      const shot = ctx.fields.screenshot;
      const image =
        typeof shot === "string" && shot !== ""
          ? decodeImageDataUrl(shot, FEEDBACK_SCREENSHOT_MAX_BYTES)
          : null;
      if (shot !== undefined && shot !== null && shot !== "" && !image)
        throw fail("server.feedback.screenshot", { size: FEEDBACK_SCREENSHOT_MAX_BYTES / (1024 * 1024) });
      // counted after the checks above (a typo is not an attempt), before anything is stored
      const who = ctx.session ? `user:${ctx.session.id}` : `ip:${ctx.ip}`;
      if (!(await takeAttempt(ctx.db, `feedback:${who}`, FEEDBACK_PER_MINUTE)))
        throw fail("server.error.tooFrequent");
      let screenshotKey = "";
      if (image) {
        screenshotKey = newKey("_feedback", "screenshot", image.ext);
        await ctx.files.put(screenshotKey, image.bytes);
      }
      const row: NewFeedback = {
        userId: ctx.session?.id ?? null,
        account: ctx.session?.account ?? "",
        kind,
        description,
        contact,
        screenshotKey,
        page,
        appVersion: APP_VERSION,
        userAgent: String(ctx.req.headers["user-agent"] ?? "").slice(0, USER_AGENT_MAX),
        language: ctx.lang,
      };
      const id = await insertFeedback(ctx.db, row);
      await mailOperator(ctx, row);
      return ok({ id });
    },
  },

  // slug, lang (the article's language), helpful (true: yes, false: no)
  "/api/help/vote": {
    auth: false,
    async handle(ctx) {
      const slug = str(ctx.fields, "slug", 80);
      const lang = str(ctx.fields, "lang", 5);
      if (!isLanguage(lang) || !HELP_SLUG.test(slug) || !(await articlesOf(lang)).has(slug))
        throw fail("server.feedback.article");
      if (!(await takeAttempt(ctx.db, `helpvote:${ctx.ip}`, HELP_VOTES_PER_MINUTE)))
        throw fail("server.error.tooFrequent");
      return ok(await recordHelpVote(ctx.db, slug, lang, bool(ctx.fields, "helpful")));
    },
  },
};
