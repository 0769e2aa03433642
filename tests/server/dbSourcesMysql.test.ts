// Database query sources on a real MariaDB (scripts/test-mariadb.mjs starts a throwaway server for
// this file; Debian's mariadb-server is installed by scripts/test-deps.mjs): the same source kind as
// PostgreSQL's through mysql2, read-only however the query is written, parameters bound, never
// spliced. Hostile cases: a write, a stored function that writes, a second statement, a sleep past
// the timeout, a result past the row cap, a value that tries to change the SQL.
import { existsSync } from "node:fs";
import { createConnection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { which } from "../../scripts/test-deps.mjs";
// @ts-expect-error: a plain .mjs script without types
import { startTestMariadb } from "../../scripts/test-mariadb.mjs";
import { bindNamed } from "../../src/data/namedParams";
import { translate } from "../../src/i18n/messages";
import { runMysqlQuery } from "../../src/server/dbsource/mysqlQuery";
import { ENGINES, newUser, startServer, type TestServer } from "./helpers";

const en = (key: string, vars: Record<string, string | number> = {}) => translate(key, vars, "en");
const HAVE_MARIADB = !!which("mariadbd", { PATH: `${process.env.PATH}:/usr/sbin` });

describe("named parameters for MySQL/MariaDB", () => {
  it("binds each use as ?, leaving quotes with backslashes, backticks and # comments alone", () => {
    expect(
      bindNamed(
        "SELECT 'it\\'s :no', `a:b`, \"x\\\":no\" # :no\nFROM t WHERE lot = :lot AND y = :y OR lot = :lot",
        { lot: "L1", y: "2" },
        "mysql",
      ),
    ).toEqual({
      ok: true,
      text: "SELECT 'it\\'s :no', `a:b`, \"x\\\":no\" # :no\nFROM t WHERE lot = ? AND y = ? OR lot = ?",
      values: ["L1", "2", "L1"],
      names: ["lot", "y"],
    });
  });

  it("finds a second statement outside quotes and comments, in both dialects", () => {
    for (const dialect of ["mysql", "postgres"] as const) {
      expect(bindNamed("SELECT 1; DELETE FROM t", {}, dialect)).toEqual({ ok: false, secondStatement: true });
      expect(bindNamed("SELECT ';' AS a -- ; DROP\n", {}, dialect).ok).toBe(true);
    }
  });
});

describe.skipIf(!HAVE_MARIADB)("database query sources on a real MariaDB", () => {
  let db: { url: string; stop: () => Promise<void> } | null = null;
  let conn: { host: string; port: number; database: string; user: string; password: string };
  let admin: Awaited<ReturnType<typeof createConnection>>;
  let s: TestServer;

  beforeAll(async () => {
    db = await startTestMariadb({ log: { log: () => undefined, error: console.error } });
    if (!db) throw new Error("MariaDB is installed but did not start");
    const u = new URL(db.url);
    conn = {
      host: u.hostname,
      port: Number(u.port),
      database: "inkless_test",
      user: "inkless",
      password: "inkless",
    };
    admin = await createConnection({ ...conn, multipleStatements: true });
    await admin.query(
      `CREATE TABLE lots (lot varchar(20), qty int, price decimal(10,2), made date, note text NULL);
       INSERT INTO lots VALUES ('A1', 5, 1.50, '2026-01-02', NULL), ('B1', 7, 2.25, '2026-02-03', 'x'),
         ('B2', 9, 12345678.90, '2026-03-04', 'y');
       CREATE FUNCTION grab() RETURNS int MODIFIES SQL DATA BEGIN DELETE FROM lots; RETURN 1; END`,
    );
    s = await startServer(ENGINES[0], {
      liveDataAllow: "127.0.0.1",
      dbQueryTimeoutMs: 800,
      dbQueryMaxRows: 50,
    });
  }, 300_000);
  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await s?.close();
    await db?.stop();
  });

  const count = async () =>
    ((await admin.query("SELECT count(*) AS n FROM lots")) as unknown as [{ n: number }[]])[0][0].n;

  it("keeps the settings sealed and gives the query's rows as records, values as text", async () => {
    const { client } = await newUser(s.base, "my");
    const saved = await client.call("/api/dbsource/save", {
      kind: "mysql",
      name: "Lots",
      ...conn,
      query: "SELECT lot AS `Lot`, qty, price, made, note FROM lots WHERE lot LIKE :prefix ORDER BY lot",
      params: { prefix: "B%" },
    });
    expect(saved.body.code).toBe(200);
    const id = saved.body.data.id;
    const list = await client.call("/api/dbsource/list", {});
    expect(list.body.data).toEqual([
      expect.objectContaining({ id, kind: "mysql", port: conn.port, has_password: 1 }),
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/"password"/);
    const imp = await client.call("/api/tem.new_class/import", { FileUrl: `/query/${id}` });
    expect(imp.body.data[0].data).toEqual([
      ["Lot", "qty", "price", "made", "note"],
      ["B1", "7", "2.25", "2026-02-03", "x"],
      ["B2", "9", "12345678.90", "2026-03-04", "y"],
    ]);
    // a value is bound, never spliced: a quote in it changes nothing in the SQL
    const sneaky = await client.call("/api/tem.new_class/import", {
      FileUrl: `/query/${id}`,
      Params: { prefix: "x' OR '1'='1" },
    });
    expect(sneaky.body.data[0].data).toEqual([["Lot", "qty", "price", "made", "note"]]);
    // the editor's Test of the same settings
    const tested = await client.call("/api/dbsource/test", {
      kind: "mysql",
      ...conn,
      query: "SELECT lot FROM lots WHERE note IS NULL",
    });
    expect(tested.body.data).toEqual({ columns: ["lot"], rows: [["A1"]], count: 1 });
  });

  it("refuses writes: a DELETE, a stored function that writes, a second statement, INTO OUTFILE", async () => {
    const { client } = await newUser(s.base, "mywrite");
    const reason = async (query: string) =>
      (await client.call("/api/dbsource/test", { kind: "mysql", ...conn, query })).body.Reason;
    expect(await reason("DELETE FROM lots")).toBe(en("dbsource.error.writeRefused"));
    expect(await reason("SELECT grab()")).toBe(en("dbsource.error.writeRefused"));
    expect(await reason("SELECT 1; DELETE FROM lots")).toBe(en("dbsource.error.oneStatement"));
    expect(await reason("SELECT lot FROM lots INTO OUTFILE '/tmp/inkless-lots.txt'")).toMatch(
      /^The database refused the query/,
    );
    expect(await count()).toBe(3);
    expect(existsSync("/tmp/inkless-lots.txt")).toBe(false);
  });

  it("stops a sleep past the timeout and refuses a result past the row cap, with clear messages", async () => {
    const { client } = await newUser(s.base, "myslow");
    const slow = await client.call("/api/dbsource/test", {
      kind: "mysql",
      ...conn,
      query: "SELECT SLEEP(30) AS z",
    });
    expect(slow.body.Reason).toBe(en("dbsource.error.timeout", { seconds: 1 }));
    const huge = await client.call("/api/dbsource/test", {
      kind: "mysql",
      ...conn,
      query:
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000) SELECT i FROM n",
    });
    expect(huge.body.Reason).toBe(en("dbsource.error.tooManyRows", { limit: 50 }));
  });

  it("names a wrong password, a missing database and a missing parameter; refuses loopback unless allowed", async () => {
    const { client } = await newUser(s.base, "mybad");
    const reason = async (extra: Record<string, unknown>) =>
      (
        await client.call("/api/dbsource/test", {
          kind: "mysql",
          ...conn,
          query: "SELECT :a AS a",
          params: { a: "1" },
          ...extra,
        })
      ).body.Reason;
    expect(await reason({ password: "not-it" })).toBe(en("dbsource.error.login"));
    expect(await reason({ database: "nope_db" })).toMatch(/^(The database refused|There is no database)/);
    expect(await reason({ params: {} })).toBe(en("dbsource.error.missingParam", { name: "a" }));
    await expect(
      runMysqlQuery({ ...conn, ssl: false }, "SELECT 1", {}, { timeoutMs: 800, maxRows: 10 }),
    ).rejects.toMatchObject({ key: "live.error.refused" });
  });
});

if (!HAVE_MARIADB)
  console.warn(
    "dbSourcesMysql.test.ts: MariaDB (Debian's mariadb-server) is not installed, the MariaDB part is skipped",
  );
