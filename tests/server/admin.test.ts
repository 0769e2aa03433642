// `npm run admin -- feedback` (issue 22): newest first, --since, --json, --csv; on PGlite and
// PostgreSQL through the command table, and the real command line on a stopped server's data folder.
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileLocation } from "../../src/server/files/s3Config";
import { admin, Client, ENGINES, newUser, startServer, type TestServer } from "./helpers";

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe.each(ENGINES)("admin feedback on $name", (engine) => {
  let s: TestServer;
  let account = "";
  beforeAll(async () => {
    s = await startServer(engine);
    const { client, user } = await newUser(s.base, "adm");
    account = user.account;
    for (const [kind, description] of [
      ["bug", "first, with a screenshot"],
      ["suggestion", '=HYPERLINK("x") and a "quote", a comma\nand a second line'],
    ]) {
      const r = await client.call("/api/feedback/submit", {
        kind,
        description,
        contact: "tel 123",
        screenshot: kind === "bug" ? `data:image/png;base64,${PNG_1PX}` : undefined,
      });
      expect(r.body.code).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("lists feedback newest first, with the screenshot's file", async () => {
    const r = await admin(s, "feedback");
    expect(r.code).toBe(0);
    const second = r.out.indexOf("a comma");
    const first = r.out.indexOf("first, with a screenshot");
    expect(second).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(second);
    expect(r.out).toContain(account);
    expect(r.out).toMatch(new RegExp(`screenshot: ${join(s.dataDir, "files", "_feedback")}/.+\\.png`));
    expect(r.out).toMatch(/\d+ feedback\n$/);
  });

  it("escapes control characters in the plain listing: no terminal injection", async () => {
    const { client } = await newUser(s.base, "inj");
    const description =
      "erase\u001b[2K\rforged line\u001b]0;title\u0007 clip\u001b]52;c;ZXZpbA==\u001b\\ csi\u009b31m bidi\u202etxt.exe\u2066x\u2069\nnext";
    const r = await client.call("/api/feedback/submit", {
      kind: "bug",
      description,
      contact: "me\u001b[1A\u0008",
    });
    expect(r.body.code).toBe(200);
    const out = (await admin(s, "feedback")).out;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must never reach the terminal
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain("erase\\x1b[2K\\rforged line\\x1b]0;title\\x07 clip\\x1b]52;c;ZXZpbA==\\x1b\\");
    expect(out).toContain("csi\\x9b31m bidi\\u202etxt.exe\\u2066x\\u2069\n  next");
    expect(out).toContain("contact: me\\x1b[1A\\x08");
  });

  it("exports JSON and CSV (formulas defused), and filters by --since", async () => {
    // PostgreSQL is shared by the test files: look at this user's rows only
    const mine = (out: string) => JSON.parse(out).filter((f: { account: string }) => f.account === account);
    const json = mine((await admin(s, "feedback", "--json")).out);
    expect(json.map((f: { kind: string }) => f.kind)).toEqual(["suggestion", "bug"]);
    expect(json[1]).toMatchObject({ account, contact: "tel 123", user_agent: "node", language: "en" });
    const csv = (await admin(s, "feedback", "--csv")).out;
    const all = Papa.parse<string[]>(csv.trim(), { newline: "\r\n" }).data;
    const parsed = [all[0], ...all.slice(1).filter((row) => row[2] === account)];
    expect(parsed[0]).toEqual([
      "created_at",
      "kind",
      "account",
      "contact",
      "description",
      "page",
      "app_version",
      "user_agent",
      "language",
      "screenshot",
    ]);
    expect(parsed).toHaveLength(3);
    expect(parsed[1][4]).toBe('\'=HYPERLINK("x") and a "quote", a comma\nand a second line');
    expect(parsed[2][9]).toMatch(/\.png$/);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(JSON.parse((await admin(s, "feedback", "--json", "--since", tomorrow)).out)).toEqual([]);
    const since = json[0].created_at;
    expect(mine((await admin(s, "feedback", "--json", `--since=${since}`)).out)).toHaveLength(1);
  });

  it("explains a wrong option or date instead of failing", async () => {
    for (const argv of [
      ["feedback", "--since", "yesterday"],
      ["feedback", "--json", "--csv"],
      ["feedback", "--bogus"],
    ]) {
      const r = await admin(s, ...argv);
      expect(r.code).toBe(2);
      expect(r.err).toContain("usage: npm run admin -- feedback");
      expect(r.out).toBe("");
    }
    const unknown = await admin(s, "nope");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "nope"');
  });

  it("lists the help answers", async () => {
    const r = await new Client(s.base).call("/api/help/vote", {
      slug: "account",
      lang: "pt",
      helpful: false,
    });
    const { yes, no } = r.body.data;
    expect((await admin(s, "help-votes")).out).toContain(`account (pt): ${yes} yes, ${no} no\n`);
    expect(JSON.parse((await admin(s, "help-votes", "--json")).out)).toContainEqual({
      slug: "account",
      language: "pt",
      yes,
      no,
    });
  });
});

describe("npm run admin on a stopped server's PGlite folder", () => {
  it("prints its feedback", async () => {
    const s = await startServer(ENGINES[0]);
    try {
      await new Client(s.base).call("/api/feedback/submit", {
        kind: "question",
        description: "from the cli test",
      });
      await s.app.close();
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "src/server/admin/main.ts", "feedback", "--json"],
        { env: { ...process.env, INKLESS_DATA: s.dataDir, DATABASE_URL: "" } },
      );
      expect(JSON.parse(stdout)).toMatchObject([{ kind: "question", description: "from the cli test" }]);
    } finally {
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("where the operator finds a stored file", () => {
  it("is its path in the data folder, or its s3:// address on the S3 store", () => {
    expect(storedFileLocation({ dataDir: "/srv/inkless" }, "_feedback/a.png")).toBe(
      join("/srv/inkless", "files", "_feedback/a.png"),
    );
    const s3 = {
      endpoint: "http://127.0.0.1:9000",
      bucket: "labels",
      region: "us-east-1",
      accessKeyId: "k",
      secretAccessKey: "s",
    };
    expect(storedFileLocation({ dataDir: "/srv/inkless", s3 }, "_feedback/a.png")).toBe(
      "s3://labels/_feedback/a.png",
    );
  });
});
