// Variable templates for members (application.md §6 member-only features; the member build variant,
// INKLESS_MEMBER_VARIABLE=1): getMemberUser lists "variable" in member_only, the editor's gate and
// badge follow it, and the server refuses a free user's save of a label with a spreadsheet column or
// a sequence (402, the membership prompt's message) while a member's goes through. Elsewhere free.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMemberInfo } from "../../src/app/api/memberInfo";
import { isVariableLabel, VARIABLE_FEATURE, VARIABLE_MEMBERS_ONLY } from "../../src/data/variable";
import { featureAllowed } from "../../src/editor/palette/memberGate";
import { translate } from "../../src/i18n/messages";
import { serializeTprt } from "../../src/model/file/index";
import type { LabelDocument, TextElement } from "../../src/model/types";
import { configFromEnv } from "../../src/server/config";
import { doc, el } from "../render/helpers";
import { addTemplate, newUser, startServer, type TestServer } from "../server/helpers";

const source = (type: 0 | 1 | 2 | 3 | 4 | 5 | 6) => ({
  ...(el("Text") as TextElement).DataSourceList[0],
  DataSourceType: type,
});
const withSource = (type: 0 | 1 | 2 | 3 | 4 | 5 | 6): LabelDocument =>
  doc([{ ...el("Text", { Id: "t1" }), DataSourceList: [source(type)] } as never], { width: 40, height: 30 });

describe("what makes a template variable", () => {
  it("a spreadsheet column, a sequence or a counter, in an element or a table cell; not fixed text, a reference, a formula or a prompt", () => {
    expect(isVariableLabel(withSource(1))).toBe(true);
    expect(isVariableLabel(withSource(2))).toBe(true);
    expect(isVariableLabel(withSource(6))).toBe(true);
    for (const fixed of [0, 3, 4, 5] as const) expect(isVariableLabel(withSource(fixed))).toBe(false);
    const table = el("Table") as unknown as { cells: { DataSourceList: unknown[] }[] };
    const cells = table.cells.map((c, i) => (i === 0 ? { ...c, DataSourceList: [source(2)] } : c));
    expect(isVariableLabel(doc([{ ...table, cells } as never]))).toBe(true);
    expect(isVariableLabel(doc([el("Table")]))).toBe(false);
  });

  it("is off unless INKLESS_MEMBER_VARIABLE=1", () => {
    expect(configFromEnv({}).memberVariable).toBe(false);
    expect(configFromEnv({ INKLESS_MEMBER_VARIABLE: "1" }).memberVariable).toBe(true);
  });
});

describe("variable templates in both variants", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ name: "pglite" });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const save = async (c: Parameters<typeof addTemplate>[0], userId: string, d: LabelDocument) => {
    try {
      await addTemplate(c, userId, `L${Math.random().toString(36).slice(2, 8)}`, { file: serializeTprt(d) });
      return "saved";
    } catch (e) {
      return String(e);
    }
  };

  // one server, its variant switched in place (as the table variant's test does)
  it.each([
    { variant: "free", memberVariable: false },
    { variant: "member", memberVariable: true },
  ])("$variant: member_only, the gate and the server's check of a save", async ({ memberVariable }) => {
    s.app.services.config.memberVariable = memberVariable;
    const { client, user } = await newUser(s.base, "var");
    const info = parseMemberInfo((await client.call("/api/tem.app_member/getMemberUser")).body.data);
    expect(info.memberOnly.includes(VARIABLE_FEATURE)).toBe(memberVariable);
    expect(featureAllowed(VARIABLE_FEATURE, info, null)).toBe(!memberVariable);
    // fixed text is never refused; a sequence or a spreadsheet column only in the member variant
    expect(await save(client, user.userid, withSource(0))).toBe("saved");
    for (const type of [1, 2] as const) {
      const r = await save(client, user.userid, withSource(type));
      if (memberVariable) {
        expect(r).toContain('"code":402');
        expect(r).toContain(translate(VARIABLE_MEMBERS_ONLY, {}, "en"));
      } else expect(r).toBe("saved");
    }
    // a member may
    await s.app.services.db.query("UPDATE users SET is_member = true WHERE id = $1", [user.userid]);
    s.app.services.sessions.clear();
    const member = parseMemberInfo((await client.call("/api/tem.app_member/getMemberUser")).body.data);
    expect(featureAllowed(VARIABLE_FEATURE, member, null)).toBe(true);
    expect(await save(client, user.userid, withSource(2))).toBe("saved");
  });
});
