// The editor's data calls with a fake request client, and the pure helpers behind them.
import { describe, expect, it } from "vitest";
import {
  createDataApi,
  ImportError,
  spreadsheetKey,
  toFolders,
  type UploadError,
} from "../../src/app/api/cloudFiles";
import type { ApiClient } from "../../src/app/api/core";
import { clampRecord, safeKeyName, shortenName, spreadsheetUrls, toWorkbook } from "../../src/data/workbooks";
import { TIP } from "../../src/i18n/tips";
import { createDataSource, emptyDocument } from "../../src/model/defaults";
import { createElement } from "../../src/model/kinds";
import type { TextElement } from "../../src/model/types";

function fakeApi(answers: Record<string, (body: unknown) => unknown>) {
  const calls: { path: string; body: unknown }[] = [];
  const api: ApiClient = {
    prefix: "/interface",
    async post<T>(path: string, body?: unknown) {
      calls.push({ path, body });
      const a = answers[path];
      if (!a) throw new Error(`no answer for ${path}`);
      return a(body) as T;
    },
    async get<T>(): Promise<T> {
      throw new Error("get not used");
    },
  };
  return { api, calls };
}

describe("data calls", () => {
  it("imports with FileUrl, RowIndex 0, TableIndex -1 and reads the answer as text", async () => {
    const { api, calls } = fakeApi({
      "/api/tem.new_class/import": () => [{ sheetName: "S", data: [["a", 1, true, null], "junk"] }],
    });
    const wb = await createDataApi(api, () => "u1").importWorkbook("/files/u1/a.xlsx");
    expect(calls[0].body).toEqual({ FileUrl: "/files/u1/a.xlsx", RowIndex: 0, TableIndex: -1 });
    expect(wb.sheets).toEqual([{ sheetName: "S", data: [["a", "1", "true", ""], []] }]);
  });

  it("sends a database query's parameter values as Params, and only for a query address", async () => {
    const { api, calls } = fakeApi({ "/api/tem.new_class/import": () => [{ sheetName: "S", data: [] }] });
    const data = createDataApi(api, () => "u1");
    await data.importWorkbook("/query/q1", { lot: "L-7" });
    await data.importWorkbook("/files/u1/a.xlsx", { lot: "L-7" });
    await data.importWorkbook("/query/q1", {});
    expect(calls.map((c) => c.body)).toEqual([
      { FileUrl: "/query/q1", RowIndex: 0, TableIndex: -1, Params: { lot: "L-7" } },
      { FileUrl: "/files/u1/a.xlsx", RowIndex: 0, TableIndex: -1 },
      { FileUrl: "/query/q1", RowIndex: 0, TableIndex: -1 },
    ]);
  });

  it("turns a refused or malformed import into ImportError", async () => {
    const bad = fakeApi({ "/api/tem.new_class/import": () => ({ not: "sheets" }) });
    await expect(createDataApi(bad.api, () => "u1").importWorkbook("/x")).rejects.toBeInstanceOf(ImportError);
    const refused = fakeApi({
      "/api/tem.new_class/import": () => {
        throw new Error("209");
      },
    });
    await expect(createDataApi(refused.api, () => "u1").importWorkbook("/x")).rejects.toBeInstanceOf(
      ImportError,
    );
  });

  it("uploads with getToken and a key inside the user's prefix, answering the file URL", async () => {
    const { api, calls } = fakeApi({
      "/api/tem.app_shared/getToken": () => "tok",
      "/upload": (body) => ({ key: (body as FormData).get("key") }),
    });
    const file = new File([new Uint8Array([1, 2, 3])], "Price list?.xlsx");
    const r = await createDataApi(
      api,
      () => "u1",
      () => new Date("2026-03-04T00:00:00Z"),
    ).upload(file);
    expect(calls[0]).toEqual({ path: "/api/tem.app_shared/getToken", body: { bucket: "temp-inkless" } });
    const form = calls[1].body as FormData;
    expect(form.get("token")).toBe("tok");
    const key = String(form.get("key"));
    expect(key).toMatch(/^u1\/excel\/20260304\/[a-z0-9]{12}\/Price list_\.xlsx$/);
    expect(r).toEqual({
      name: "Price list?.xlsx",
      url: `/files/${key.split("/").map(encodeURIComponent).join("/")}`,
    });
  });

  it("refuses a wrong or empty file with tip65 and a failed upload with tip127", async () => {
    const { api, calls } = fakeApi({
      "/api/tem.app_shared/getToken": () => "tok",
      "/upload": () => {
        throw new Error("401");
      },
    });
    const data = createDataApi(api, () => "u1");
    const tip = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: UploadError) => e.tip,
      );
    expect(await tip(data.upload(new File(["x"], "a.pdf")))).toBe(TIP.uploadFailedOrNoFile);
    expect(await tip(data.upload(new File([], "a.xlsx")))).toBe(TIP.uploadFailedOrNoFile);
    expect(calls).toHaveLength(0);
    expect(await tip(data.upload(new File(["a,b"], "a.csv")))).toBe(TIP.uploadFailed);
  });

  it("reads the cloud folder list defensively", () => {
    expect(
      toFolders([
        {
          id: 1,
          name: "F",
          data: [
            { id: 2, name: "a.xlsx", url: "/files/u/a.xlsx", add_time: "2026-01-01" },
            null,
            { name: "no url" },
          ],
        },
        "junk",
        { id: 3, name: "Empty" },
      ]),
    ).toEqual([
      {
        id: "1",
        name: "F",
        files: [{ id: "2", name: "a.xlsx", url: "/files/u/a.xlsx", add_time: "2026-01-01" }],
      },
      { id: "3", name: "Empty", files: [] },
    ]);
    expect(toFolders({ __proto__: [] })).toEqual([]);
  });
});

describe("helpers", () => {
  it("shortens names over 25 characters", () => {
    expect(shortenName("a".repeat(25))).toBe("a".repeat(25));
    expect(shortenName("b".repeat(26))).toBe(`${"b".repeat(24)}…`);
    expect(Array.from(shortenName("😀".repeat(30)))).toHaveLength(25);
  });

  it("makes safe key names", () => {
    expect(safeKeyName("../../etc/passwd.csv")).toBe(".._.._etc_passwd.csv");
    expect(safeKeyName("..")).toBe("sheet.xlsx");
    expect(safeKeyName(" a<b>.xls ")).toBe("a_b_.xls");
    expect(spreadsheetKey("u9", "a/b.csv", new Date("2026-01-02T00:00:00Z"))).toMatch(
      /^u9\/excel\/20260102\/[a-z0-9]+\/a_b\.csv$/,
    );
  });

  it("lists the document's spreadsheet URLs once, skipping unsafe ones", () => {
    const el = createElement("Text", [], { x: 1, y: 1 }) as TextElement;
    const src = (url: string) => createDataSource({ DataSourceType: 1, ConnectionStr: url });
    const doc = {
      ...emptyDocument(),
      elements: [
        { ...el, Id: "a", DataSourceList: [src("/files/a.xlsx"), src("javascript:x")] },
        { ...el, Id: "b", DataSourceList: [src("/files/a.xlsx"), src("https://h/files/b.csv")] },
      ],
    };
    expect(spreadsheetUrls(doc)).toEqual(["/files/a.xlsx", "https://h/files/b.csv"]);
  });

  it("clamps the record index and reads only workbook-shaped answers", () => {
    expect(clampRecord(5, 3)).toBe(2);
    expect(clampRecord(-1, 3)).toBe(0);
    expect(clampRecord(Number.NaN, 3)).toBe(0);
    expect(clampRecord(4, 0)).toBe(0);
    expect(toWorkbook(null)).toBeNull();
    expect(toWorkbook([1])).toBeNull();
    expect(toWorkbook([{ sheetName: "__proto__", data: [] }])).toEqual({
      sheets: [{ sheetName: "__proto__", data: [] }],
    });
  });
});
