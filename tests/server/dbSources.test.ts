// Database query sources against a real PostgreSQL (TEST_DATABASE_URL; `node scripts/test-postgres.mjs`
// starts one): connection settings sealed on the server and never answered, a read-only query with
// named parameters whose rows become a label's records, a query that runs too long stopped with a
// clear message, writes refused. Plus the pure parts: parameter binding and sealing.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResolver } from "../../src/data";
import { bindNamed, MAX_QUERY_PARAMS, paramNames, queryParamsOf } from "../../src/data/namedParams";
import { toWorkbook } from "../../src/data/workbooks";
import { translate } from "../../src/i18n/messages";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { LabelDocument, TextElement } from "../../src/model/types";
import { readOnlyStatement } from "../../src/server/dbsource/guard";
import { runPgQuery } from "../../src/server/dbsource/pgQuery";
import { seal, unseal } from "../../src/server/dbsource/sealed";
import { ENGINES, newUser, startServer, type TestServer } from "./helpers";

const TARGET = process.env.TEST_DATABASE_URL;
const en = (key: string, vars: Record<string, string | number> = {}) => translate(key, vars, "en");

describe("named parameters", () => {
  it("binds :names as $n, leaving quotes, comments, casts and dollar quotes alone", () => {
    const r = bindNamed(
      "SELECT ':no', \"a:b\", x::text, $q$ :no $q$ -- :no\n/* :no */ FROM t WHERE lot = :lot AND y = :y OR lot = :lot",
      { lot: "L1", y: "2" },
    );
    expect(r).toEqual({
      ok: true,
      text: "SELECT ':no', \"a:b\", x::text, $q$ :no $q$ -- :no\n/* :no */ FROM t WHERE lot = $1 AND y = $2 OR lot = $1",
      values: ["L1", "2"],
      names: ["lot", "y"],
    });
    expect(bindNamed("SELECT :lot", {})).toEqual({ ok: false, missing: "lot" });
    // names on the prototype are not values
    expect(bindNamed("SELECT :constructor", {})).toEqual({ ok: false, missing: "constructor" });
    expect(paramNames("SELECT * FROM t WHERE a = :a AND b = :b")).toEqual(["a", "b"]);
  });

  it("takes prompt values named like parameters as a query's values, at most MAX_QUERY_PARAMS", () => {
    const values = new Map([
      ["lot", "L-7"],
      ["批号", "x"],
      ["Lot no", "y"],
      ["_line2", "a"],
    ]);
    expect(queryParamsOf(values)).toEqual({ lot: "L-7", _line2: "a" });
    const many = new Map(Array.from({ length: MAX_QUERY_PARAMS + 5 }, (_, i) => [`p${i}`, String(i)]));
    expect(Object.keys(queryParamsOf(many))).toHaveLength(MAX_QUERY_PARAMS);
  });

  it("refuses statements that do not read, before they are sent", () => {
    for (const sql of [
      "DELETE FROM t",
      "/* hi */ UPDATE t SET a = 1",
      "drop table t;",
      "  ",
      "INSERT INTO t VALUES (1)",
    ])
      expect(() => readOnlyStatement(sql), sql).toThrow(/dbsource\.error\.(writeRefused|emptyQuery)/);
    expect(readOnlyStatement("-- lots\nSELECT 1;")).toBe("-- lots\nSELECT 1");
  });
});

describe("sealed settings", () => {
  it("open only with the same key and unaltered", () => {
    const key = Buffer.alloc(32, 7);
    const s = seal(key, '{"password":"hunter2"}');
    expect(s).not.toContain("hunter2");
    expect(unseal(key, s)).toBe('{"password":"hunter2"}');
    expect(() => unseal(Buffer.alloc(32, 8), s)).toThrow();
    const raw = Buffer.from(s.slice(3), "base64");
    raw[raw.length - 1] ^= 1;
    expect(() => unseal(key, `v1:${raw.toString("base64")}`)).toThrow();
  });
});

describe.skipIf(!TARGET)("database query sources on a real PostgreSQL", () => {
  const table = `lots_${process.pid}_${Date.now()}`;
  const target = new URL(TARGET ?? "postgres://x@127.0.0.1/x");
  const conn = {
    host: target.hostname,
    port: Number(target.port || 5432),
    database: target.pathname.slice(1),
    user: decodeURIComponent(target.username),
    password: decodeURIComponent(target.password),
  };
  let admin: pg.Client;
  let s: TestServer;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TARGET });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (lot text, qty integer, made date)`);
    await admin.query(`CREATE SEQUENCE ${table}_seq`);
    await admin.query(
      `INSERT INTO ${table} VALUES ('A1', 5, '2026-01-02'), ('B1', 7, '2026-02-03'), ('B2', 9, '2026-03-04')`,
    );
    // the query target is on loopback: this server allows it (the operator's allow-list, injected here)
    s = await startServer(ENGINES[0], { liveDataAllow: "127.0.0.1, ::1", dbQueryTimeoutMs: 800 });
  }, 300_000);
  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await admin?.query(`DROP SEQUENCE IF EXISTS ${table}_seq`).catch(() => undefined);
    await admin?.end();
    await s?.close();
  });

  it("keeps the password on the server, sealed, and gives the query's rows as records", async () => {
    const { client } = await newUser(s.base, "dbq");
    const saved = await client.call("/api/dbsource/save", {
      name: "Lots",
      ...conn,
      query: `SELECT lot AS "Lot", qty, made FROM ${table} WHERE lot LIKE :prefix ORDER BY lot`,
      params: { prefix: "A%" },
    });
    expect(saved.body.code).toBe(200);
    const id = saved.body.data.id;

    const list = await client.call("/api/dbsource/list", {});
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id,
        name: "Lots",
        host: conn.host,
        user: conn.user,
        has_password: 1,
        url: `/query/${id}`,
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/"password"/);
    const rows = await s.app.services.db.query<{ connection_sealed: string }>(
      "SELECT connection_sealed FROM db_sources",
    );
    expect(rows[0].connection_sealed).toMatch(/^v1:/);
    expect(rows[0].connection_sealed).not.toContain(conn.password);

    // default parameters, then a value given when reading (what a prompt answer fills in)
    const first = await client.call("/api/tem.new_class/import", { FileUrl: `/query/${id}` });
    expect(first.body.data[0].data).toEqual([
      ["Lot", "qty", "made"],
      ["A1", "5", "2026-01-02"],
    ]);
    const imp = await client.call("/api/tem.new_class/import", {
      FileUrl: `/query/${id}`,
      Params: { prefix: "B%" },
    });
    expect(imp.body.code).toBe(200);
    const wb = toWorkbook(imp.body.data);
    expect(wb).not.toBeNull();

    // a label bound to the "Lot" column prints one label per row
    const el = createElement("Text", [], { x: 1, y: 1 }) as TextElement;
    const doc: LabelDocument = {
      ...emptyDocument(),
      elements: [
        {
          ...el,
          Id: "t",
          DataSourceList: [
            createDataSource({
              DataSourceType: 1,
              ConnectionStr: `/query/${id}`,
              SheetIndex: [0, 0],
              ColumnName: "Lot",
              ColumnFirstLine: true,
            }),
          ],
          dataSourceIndex: 0,
        },
      ],
    };
    const sheets = new Map([[`/query/${id}`, wb as NonNullable<typeof wb>]]);
    const values = createResolver(doc, sheets);
    expect([values(0).get("t"), values(1).get("t")]).toEqual(["B1", "B2"]);

    // another user cannot read it, and the password survives an edit that leaves it empty
    const other = await newUser(s.base, "dbq2");
    const theirs = await other.client.call("/api/tem.new_class/import", { FileUrl: `/query/${id}` });
    expect(theirs.body.Reason).toBe(en("server.error.itemNotFound"));
    await client.call("/api/dbsource/save", {
      id,
      name: "Lots",
      ...conn,
      password: "",
      query: `SELECT 1 AS one`,
    });
    const again = await client.call("/api/tem.new_class/import", { FileUrl: `/query/${id}` });
    expect(again.body.data[0].data).toEqual([["one"], ["1"]]);
  });

  it("tests settings as typed without saving: the columns, the first rows and the count", async () => {
    const { client } = await newUser(s.base, "dbtest");
    const query = `SELECT lot, qty FROM ${table} WHERE lot LIKE :prefix ORDER BY lot`;
    const r = await client.call("/api/dbsource/test", { ...conn, query, params: { prefix: "B%" } });
    expect(r.body.data).toEqual({
      columns: ["lot", "qty"],
      rows: [
        ["B1", "7"],
        ["B2", "9"],
      ],
      count: 2,
    });
    expect((await client.call("/api/dbsource/list", {})).body.data).toEqual([]);
    // a saved source's id with an empty password tests with the kept one; another user's id is not found
    const id = (await client.call("/api/dbsource/save", { name: "T", ...conn, query: "SELECT 1 AS one" }))
      .body.data.id;
    const kept = await client.call("/api/dbsource/test", {
      id,
      ...conn,
      password: "",
      query,
      params: { prefix: "A%" },
    });
    expect(kept.body.data).toEqual({ columns: ["lot", "qty"], rows: [["A1", "5"]], count: 1 });
    const other = await newUser(s.base, "dbtest2");
    const theirs = await other.client.call("/api/dbsource/test", {
      id,
      ...conn,
      password: "",
      query: "SELECT 1",
    });
    expect(theirs.body.Reason).toBe(en("server.error.itemNotFound"));
    const wrong = await client.call("/api/dbsource/test", { ...conn, password: "nope", query: "SELECT 1" });
    expect(wrong.body.Reason).toBe(en("dbsource.error.login"));
  });

  it("stops a query that runs too long, with a clear message", async () => {
    const { client } = await newUser(s.base, "dbslow");
    const id = (
      await client.call("/api/dbsource/save", { name: "Slow", ...conn, query: "SELECT pg_sleep(30)" })
    ).body.data.id;
    const r = await client.call("/api/tem.new_class/import", { FileUrl: `/query/${id}` });
    expect(r.body.code).toBe(209);
    expect(r.body.Reason).toBe(en("dbsource.error.timeout", { seconds: 1 }));
  });

  it("refuses writes: a DELETE, a data-modifying WITH and a function that writes", async () => {
    const { client } = await newUser(s.base, "dbwrite");
    for (const query of [
      `DELETE FROM ${table}`,
      `WITH gone AS (DELETE FROM ${table} RETURNING lot) SELECT * FROM gone`,
      `SELECT nextval('${table}_seq')`,
    ]) {
      const id = (await client.call("/api/dbsource/save", { name: "W", ...conn, query })).body.data.id;
      const r = await client.call("/api/tem.new_class/import", { FileUrl: `/query/${id}` });
      expect(r.body.Reason, query).toBe(en("dbsource.error.writeRefused"));
    }
    expect((await admin.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toBe(3);
    expect((await admin.query(`SELECT last_value, is_called FROM ${table}_seq`)).rows[0].is_called).toBe(
      false,
    );
  });

  it("names a missing parameter, bad credentials, and refuses a loopback database where it is not allowed", async () => {
    const { client } = await newUser(s.base, "dbbad");
    const need = (
      await client.call("/api/dbsource/save", { name: "P", ...conn, query: "SELECT :lot AS lot" })
    ).body.data.id;
    expect((await client.call("/api/tem.new_class/import", { FileUrl: `/query/${need}` })).body.Reason).toBe(
      en("dbsource.error.missingParam", { name: "lot" }),
    );
    const wrong = (
      await client.call("/api/dbsource/save", { name: "X", ...conn, password: "not-it", query: "SELECT 1" })
    ).body.data.id;
    expect((await client.call("/api/tem.new_class/import", { FileUrl: `/query/${wrong}` })).body.Reason).toBe(
      en("dbsource.error.login"),
    );
    // without the operator's allow-list a loopback database is refused before connecting
    await expect(
      runPgQuery({ ...conn, ssl: false }, "SELECT 1", {}, { timeoutMs: 800, maxRows: 10 }),
    ).rejects.toMatchObject({ key: "live.error.refused" });
  });
});

if (!TARGET) console.warn("dbSources.test.ts: TEST_DATABASE_URL is unset, the PostgreSQL part is skipped");
