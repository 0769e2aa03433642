// A valid but large spreadsheet (issue 33 item 6): while three users import one, another user's
// requests keep being answered, and each import's answer is complete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { largeCell, largeXlsx } from "../spreadsheet/support/largeXlsx";
import { type Client, ENGINES, newUser, startServer, type TestServer, upload } from "./helpers";

describe("large spreadsheet imports", () => {
  let s: TestServer;
  let other: Client;
  beforeAll(async () => {
    s = await startServer(ENGINES[0]);
    other = (await newUser(s.base, "other")).client;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it("three large valid workbooks: other users are served while they import, each answer is complete", async () => {
    const rows = 20_000;
    const book = largeXlsx(rows, 20);
    const imports = await Promise.all(
      ["big1", "big2", "big3"].map(async (tag) => {
        const u = await newUser(s.base, tag);
        const key = `${u.user.userid}/sheets/big.xlsx`;
        expect((await upload(u.client, key, book, "big.xlsx")).body.code).toBe(200);
        return () => u.client.call("/api/tem.new_class/import", { FileUrl: `/files/${key}`, RowIndex: 1 });
      }),
    );
    let running = true;
    const answers = Promise.all(imports.map((run) => run())).finally(() => {
      running = false;
    });
    // another user's requests, one after the other, answered correctly while the imports run
    let served = 0;
    while (running) {
      const r = await other.call("/api/user/getUserInfo");
      expect(r.body.code).toBe(200);
      expect(r.body.data.nickname).toBeTruthy();
      if (running) served++;
    }
    expect(served).toBeGreaterThan(0);
    for (const r of await answers) {
      expect(r.body.code).toBe(200);
      const data = r.body.data[0].data;
      expect(data).toHaveLength(rows - 1);
      expect(data[0][1]).toBe(largeCell(1, 1));
      expect(data.at(-1)[19]).toBe(largeCell(rows - 1, 19));
    }
  }, 300_000);
});
