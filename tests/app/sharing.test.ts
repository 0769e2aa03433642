// The sharing page's readers and links: server answers read defensively, the share link and the
// shared template's editor link round-trip, and the guard keeps a share link through the login.
import { describe, expect, it } from "vitest";
import { savesAsNew } from "../../src/app/api/cloudSave";
import { shareLink, toMyShare, toReceived } from "../../src/app/api/sharing";
import { sharedTemplateHref } from "../../src/app/labelLinks";
import { guardRedirect, keepsShareQuery, safeRedirect, shareCodeOf } from "../../src/app/router/guard";
import { startFromQuery } from "../../src/editor/query";

describe("sharing readers", () => {
  it("reads a share record; drops shapes without an id or code", () => {
    expect(
      toMyShare({
        id: "s1",
        code: "ABCDEFGH23",
        kind: "folder",
        name: "Tags",
        days: 1,
        expire_time: "2026-01-02 03:04:05",
        expired: 0,
        uses: "3",
      }),
    ).toEqual({
      id: "s1",
      code: "ABCDEFGH23",
      kind: "folder",
      name: "Tags",
      days: 1,
      expires: "2026-01-02 03:04:05",
      expired: false,
      uses: 3,
    });
    expect(toMyShare({ id: "s1" })).toBeNull();
    expect(toMyShare(["s1"])).toBeNull();
    expect(toMyShare({ id: "s1", code: "X", kind: "<img>", expired: 1 })).toMatchObject({
      kind: "template",
      expired: true,
      uses: 0,
    });
  });

  it("reads a received share and its templates, skipping malformed ones", () => {
    const r = toReceived({
      id: "s2",
      code: "C",
      kind: "template",
      owner: "Ana",
      folder: null,
      expire_time: "x",
      templates: [
        { id: "t1", name: "Tag", width: "40", height: 30, file_web: "/files/u/a.tprt", image: "" },
        null,
        { name: "no id" },
      ],
    });
    expect(r?.templates).toEqual([
      {
        id: "t1",
        name: "Tag",
        width: 40,
        height: 30,
        file: "/files/u/a.tprt",
        image: "",
        classId: "",
        updated: "",
      },
    ]);
    expect(r?.folder).toBe("");
    expect(toReceived({ id: "s3", templates: "nope" })?.templates).toEqual([]);
    expect(toReceived(null)).toBeNull();
  });

  it("builds the share link under the base path, the code encoded", () => {
    expect(shareLink("AB CD", "https://labels.example")).toBe(
      "https://labels.example/label/editLabel?share=AB%20CD",
    );
    expect(shareCodeOf(new URL(shareLink("XY23ZQ7890", "http://h")).search)).toBe("XY23ZQ7890");
  });
});

describe("a shared template in the editor", () => {
  it("opens with type share and status edit, so saving adds a copy", () => {
    const href = sharedTemplateHref({
      id: "t1",
      name: "Tag",
      width: 40,
      height: 30,
      file: "/files/a/t.tprt",
      image: "/files/a/p.png",
      classId: "",
      updated: "",
    });
    const start = startFromQuery(href.slice(href.indexOf("?")));
    expect(start.status).toBe("edit");
    expect(start.doc.attrs).toMatchObject({
      id: "t1",
      name: "Tag",
      width: 40,
      height: 30,
      type: "share",
      file: "/files/a/t.tprt",
      canvas_img: ["/files/a/p.png"],
    });
    expect(savesAsNew({ status: start.status, type: start.doc.attrs.type, id: start.doc.attrs.id })).toBe(
      true,
    );
  });
});

describe("the share link and the guard", () => {
  it("reads the code only from a link without labelAttr", () => {
    expect(shareCodeOf("?share=%20AB23CD45EF%20")).toBe("AB23CD45EF");
    expect(shareCodeOf("?labelAttr=%7B%7D&share=AB23CD45EF")).toBe("");
    expect(shareCodeOf("?labelStatus=add")).toBe("");
  });

  it("a logged-out share link goes to login holding the whole link, and back after login", () => {
    const to = guardRedirect({ pathname: "/editLabel", search: "?share=AB23CD45EF" }, false);
    expect(to).toBe(`/login?redirect=${encodeURIComponent("/editLabel?share=AB23CD45EF")}`);
    const redirect = new URLSearchParams((to ?? "").split("?")[1]).get("redirect");
    expect(safeRedirect(redirect)).toBe("/editLabel?share=AB23CD45EF");
    expect(
      guardRedirect({ pathname: "/login", search: `?redirect=${encodeURIComponent(redirect ?? "")}` }, true),
    ).toBe("/editLabel?share=AB23CD45EF");
    // the held share query stays on editLabel and is dropped on the sharing page
    expect(keepsShareQuery("/editLabel")).toBe(true);
    expect(keepsShareQuery("/sharingTemplates")).toBe(false);
  });
});
