// Feedback (issue 22): stored with the user, app version and browser; screenshot through the file
// store; sizes checked; rate-limited; mailed to the operator when INKLESS_FEEDBACK_TO is set. And the
// help articles' "was this helpful" counts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../../package.json";
import {
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_PER_MINUTE,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
} from "../../src/feedback/rules";
import { translate } from "../../src/i18n/messages";
import { helpVotes, listFeedback } from "../../src/server/feedback/store";
import { Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const png = `data:image/png;base64,${PNG_1PX}`;

describe.each(ENGINES)("feedback on $name", (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(engine, { feedbackTo: "ops@example.com" });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("stores a signed-in user's feedback with its screenshot, version and browser, and mails the operator", async () => {
    const { client, user } = await newUser(s.base, "fb");
    const r = await client.call("/api/feedback/submit", {
      kind: "bug",
      description: "  The barcode does not scan  ",
      contact: "ann@example.com",
      screenshot: png,
      page: "/label/index",
    });
    expect(r.body.code).toBe(200);
    const row = (await listFeedback(s.app.services.db)).find((f) => f.id === r.body.data.id);
    expect(row).toMatchObject({
      kind: "bug",
      account: user.account,
      description: "The barcode does not scan",
      contact: "ann@example.com",
      page: "/label/index",
      app_version: pkg.version,
      user_agent: "node",
      language: "en",
    });
    expect(row?.screenshot_key).toMatch(/^_feedback\/screenshot\/\d{8}\/[\w-]+\.png$/);
    const stored = await s.app.services.files.get(row?.screenshot_key ?? "");
    expect(Buffer.from(stored ?? []).toString("base64")).toBe(PNG_1PX);
    // the operator's mail (the default sender writes it to the outbox)
    const outbox = join(s.dataDir, "outbox");
    const mails = readdirSync(outbox)
      .map((f) => JSON.parse(readFileSync(join(outbox, f), "utf8")))
      .filter((m) => m.to === "ops@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("The barcode does not scan");
    expect(mails[0].text).toContain(`From: ${user.account}`);
    expect(mails[0].text).toContain(row?.screenshot_key);
  });

  it("takes feedback from a signed-out visitor, in their language, without a screenshot", async () => {
    const c = new Client(s.base, "zh");
    const r = await c.call("/api/feedback/submit", { kind: "question", description: "怎么打印？" });
    expect(r.body.code).toBe(200);
    const row = (await listFeedback(s.app.services.db)).find((f) => f.id === r.body.data.id);
    expect(row).toMatchObject({ account: "", kind: "question", language: "zh", screenshot_key: "" });
  });

  it.each([
    [{ kind: "praise" }, "server.feedback.kind", {}],
    [{ kind: undefined }, "server.feedback.kind", {}],
    [{ description: "   " }, "server.feedback.description", {}],
    [
      { description: "x".repeat(FEEDBACK_DESCRIPTION_MAX + 1) },
      "server.error.tooLong",
      { field: "description", max: FEEDBACK_DESCRIPTION_MAX },
    ],
    [{ screenshot: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" }, "server.feedback.screenshot", { size: 2 }],
    [{ screenshot: "data:image/png;base64,AAAA" }, "server.feedback.screenshot", { size: 2 }],
    [{ screenshot: 12 }, "server.feedback.screenshot", { size: 2 }],
  ])("refuses %j with its translated message", async (patch, key, vars) => {
    const c = new Client(s.base, "ru");
    const before = (await listFeedback(s.app.services.db)).length;
    const r = await c.call("/api/feedback/submit", { kind: "other", description: "hello", ...patch });
    expect(r.body.code).toBe(209);
    expect(r.body.msg).toBe(translate(key, vars, "ru"));
    expect((await listFeedback(s.app.services.db)).length).toBe(before);
  });

  it("refuses a screenshot over the size cap", async () => {
    const { client } = await newUser(s.base, "big");
    // a real PNG header followed by padding: over the cap by one byte
    const bytes = Buffer.alloc(FEEDBACK_SCREENSHOT_MAX_BYTES + 1);
    Buffer.from(PNG_1PX, "base64").copy(bytes);
    const r = await client.call("/api/feedback/submit", {
      kind: "bug",
      description: "big",
      screenshot: `data:image/png;base64,${bytes.toString("base64")}`,
    });
    expect(r.body.code).toBe(209);
    expect(r.body.msg).toBe(translate("server.feedback.screenshot", { size: 2 }));
  });

  it(`lets one user send ${FEEDBACK_PER_MINUTE} a minute, then says to retry later`, async () => {
    const { client, user } = await newUser(s.base, "rate");
    for (let i = 0; i < FEEDBACK_PER_MINUTE; i++) {
      const r = await client.call("/api/feedback/submit", { kind: "other", description: `n${i}` });
      expect(r.body.code).toBe(200);
    }
    const r = await client.call("/api/feedback/submit", { kind: "other", description: "one more" });
    expect(r.body.code).toBe(209);
    expect(r.body.msg).toBe(translate("server.error.tooFrequent"));
    const mine = (await listFeedback(s.app.services.db)).filter((f) => f.account === user.account);
    expect(mine.map((f) => f.description)).toEqual(["n2", "n1", "n0"]);
    // another user is not held back
    const other = await newUser(s.base, "rate2");
    expect(
      (await other.client.call("/api/feedback/submit", { kind: "other", description: "x" })).body.code,
    ).toBe(200);
  });

  it("lists newest first and from a date on", async () => {
    const all = await listFeedback(s.app.services.db);
    const times = all.map((f) => f.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await listFeedback(s.app.services.db, { since: new Date(Date.now() + 60_000) })).toEqual([]);
    const since = new Date(all[1].created_at);
    const recent = await listFeedback(s.app.services.db, { since });
    expect(recent.length).toBeGreaterThanOrEqual(2);
    expect(recent.every((f) => new Date(f.created_at) >= since)).toBe(true);
  });

  it("remembers per user that a tour was seen", async () => {
    const a = await newUser(s.base, "tour");
    const b = await newUser(s.base, "tour2");
    const seen = async (c: Client) => (await c.call("/api/user/tour", { tour: "home" })).body.data.seen;
    expect(await seen(a.client)).toBe(false);
    expect((await a.client.call("/api/user/tourSeen", { tour: "home" })).body.code).toBe(200);
    expect((await a.client.call("/api/user/tourSeen", { tour: "home" })).body.code).toBe(200); // twice is fine
    expect(await seen(a.client)).toBe(true);
    expect(await seen(b.client)).toBe(false);
    expect((await a.client.call("/api/user/tour", { tour: "editor" })).body.code).toBe(209);
    expect((await new Client(s.base).call("/api/user/tourSeen", { tour: "home" })).body.code).toBe(301);
  });

  it("counts help answers per article and language, and refuses unknown articles", async () => {
    const c = new Client(s.base);
    // PostgreSQL is shared by the test files and runs: count from what is there
    const count = async (lang: string) =>
      (await helpVotes(s.app.services.db)).find((v) => v.slug === "print-shifted" && v.language === lang) ?? {
        yes: 0,
        no: 0,
      };
    const en0 = await count("en");
    const zh0 = await count("zh");
    const yes = await c.call("/api/help/vote", { slug: "print-shifted", lang: "en", helpful: true });
    expect(yes.body.data).toEqual({ yes: en0.yes + 1, no: en0.no });
    const no = await c.call("/api/help/vote", { slug: "print-shifted", lang: "en", helpful: false });
    expect(no.body.data).toEqual({ yes: en0.yes + 1, no: en0.no + 1 });
    const zh = await c.call("/api/help/vote", { slug: "print-shifted", lang: "zh", helpful: true });
    expect(zh.body.data).toEqual({ yes: zh0.yes + 1, no: zh0.no });
    for (const bad of [
      { slug: "no-such-article", lang: "en" },
      { slug: "../../package", lang: "en" },
      { slug: "print-shifted", lang: "de" },
    ]) {
      const r = await c.call("/api/help/vote", { ...bad, helpful: true });
      expect(r.body.code).toBe(209);
      expect(r.body.msg).toBe(translate("server.feedback.article"));
    }
    expect(await count("en")).toMatchObject({ yes: en0.yes + 1, no: en0.no + 1 });
    expect((await helpVotes(s.app.services.db)).some((v) => v.slug === "no-such-article")).toBe(false);
  });
});

describe("feedback without an operator address", () => {
  it("sends no mail", async () => {
    const s = await startServer(ENGINES[0]);
    try {
      const r = await new Client(s.base).call("/api/feedback/submit", { kind: "other", description: "hi" });
      expect(r.body.code).toBe(200);
      expect(existsSync(join(s.dataDir, "outbox"))).toBe(false);
    } finally {
      await s.close();
    }
  }, 120_000);
});

describe("feedback when the operator's mail fails", () => {
  it("keeps the feedback and logs the failure", async () => {
    // nothing listens on port 1: the SMTP sender fails at once
    const s = await startServer(ENGINES[0], {
      feedbackTo: "ops@example.com",
      smtp: { url: "smtp://127.0.0.1:1", from: "Inkless <no-reply@localhost>" },
    });
    try {
      const r = await new Client(s.base).call("/api/feedback/submit", {
        kind: "bug",
        description: "mail down",
      });
      expect(r.body.code).toBe(200);
      const rows = await listFeedback(s.app.services.db);
      expect(rows.map((f) => f.description)).toEqual(["mail down"]);
      expect(s.logs.some((l) => l.includes("feedback mail to ops@example.com failed"))).toBe(true);
    } finally {
      await s.close();
    }
  }, 120_000);
});
