// A document print's history record (issue 34): a 4-up page printed once is 4 labels of 1 copy, not
// "Copies 4, Labels 0"; and it is marked as a document print.
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../src/app/api/core";
import { type OutputJob, recordDocumentPrint } from "../../src/docprint/output";

function fakeApi() {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const api = {
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push({ url, body });
      return {};
    },
  } as unknown as ApiClient;
  return { api, posts };
}

const job = (copies: number): OutputJob => ({
  labels: (async function* () {})(),
  dpi: 203,
  size: { width: 100, height: 150 },
  name: "Invoice.pdf",
  copies,
});

describe("recordDocumentPrint", () => {
  it("records the cut labels as labels and the copies as copies", async () => {
    const { api, posts } = fakeApi();
    await recordDocumentPrint(api, "u1", job(1), 4, { printerKind: "driver", printer: "Shelf" });
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe("/api/tem.app_public/printHistoryNewAdd");
    expect(posts[0].body).toMatchObject({
      print_num: 1,
      labels: 4,
      pages: 4,
      data_type: "document",
      name: "Invoice.pdf",
      printer: "Shelf",
    });
  });

  it("copies multiply the labels", async () => {
    const { api, posts } = fakeApi();
    await recordDocumentPrint(api, "u1", job(3), 4, { printerKind: "browser", printer: "" });
    expect(posts[0].body).toMatchObject({ print_num: 3, labels: 12, pages: 12 });
  });
});
