// The picture of the label as printed, kept with its print record (issue 34: a record showed today's
// template, not what was printed).
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../src/app/api/core";
import { toPrintRecord } from "../../src/app/api/printRecords";
import { printedPictureSize, recordLabelPrint } from "../../src/editor/print/printedPicture";
import { emptyDocument } from "../../src/model/defaults";

function fakeApi() {
  const posts: { url: string; body: unknown }[] = [];
  const api = {
    post: async (url: string, body: unknown) => {
      posts.push({ url, body });
      if (url.endsWith("getToken")) return "tok";
      if (url === "/upload") return { key: (body as FormData).get("key") };
      return {};
    },
  } as unknown as ApiClient;
  return { api, posts };
}

const doc = () => {
  const d = emptyDocument();
  return { ...d, attrs: { ...d.attrs, id: "t1", name: "Jar", file: "/files/u1/tprt/a.tprts" } };
};
const job = {
  userId: "u1",
  copies: 2,
  choices: [
    { record: 3, copies: 1 },
    { record: 5, copies: 1 },
  ],
  printerKind: "driver" as const,
  printer: "Shelf",
  sheets: new Map(),
  background: true,
};

describe("recordLabelPrint", () => {
  it("uploads a picture of the first printed record and names it in the record", async () => {
    const { api, posts } = fakeApi();
    const drawn: unknown[] = [];
    await recordLabelPrint(api, doc(), job, async (_d, record, _s, background) => {
      drawn.push([record, background]);
      return new Uint8Array([137, 80, 78, 71]);
    });
    expect(drawn).toEqual([[3, true]]);
    // the upload token comes from the server's own route (a wrong one is a 404 and a toast)
    expect(posts.map((p) => p.url)).toContain("/api/tem.app_shared/getToken");
    const upload = posts.find((p) => p.url === "/upload")?.body as FormData;
    const key = String(upload.get("key"));
    expect(key).toMatch(/^u1\/tprt\/printed\/.+\.png$/);
    const record = posts.find((p) => p.url.endsWith("printHistoryNewAdd"))?.body as Record<string, unknown>;
    expect(record).toMatchObject({
      image_address: `/files/${key}`,
      tmp_id: "t1",
      file_web: "/files/u1/tprt/a.tprts",
      records: "4,6",
    });
  });

  it("writes the record without a picture when drawing fails", async () => {
    const { api, posts } = fakeApi();
    await recordLabelPrint(api, doc(), job, async () => {
      throw new Error("no canvas");
    });
    const record = posts.find((p) => p.url.endsWith("printHistoryNewAdd"))?.body as Record<string, unknown>;
    expect(record).toMatchObject({ image_address: "", tmp_id: "t1" });
  });

  it("sizes the picture to 240 px on its longer side", () => {
    expect(printedPictureSize(100, 150)).toEqual({ width: 160, height: 240 });
    expect(printedPictureSize(60, 40)).toEqual({ width: 240, height: 160 });
    expect(printedPictureSize(0, -1)).toEqual({ width: 240, height: 240 });
  });

  it("the listed record reads the picture", () => {
    expect(toPrintRecord({ id: "r1", image: "/files/u1/tprt/printed/x.png" })?.image).toBe(
      "/files/u1/tprt/printed/x.png",
    );
  });
});
