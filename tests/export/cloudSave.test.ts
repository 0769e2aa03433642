// The cloud save flow against a fake request client and a fake fetch (the base64 picture endpoint
// is a direct call): which calls, in which order, with what, and what the screen is told for
// 200 / 402 / 405 / other errors.
import { describe, expect, it } from "vitest";
import {
  type CloudLabel,
  coverTemplate,
  keySegment,
  labelAttrAfterSave,
  overwriteTemplate,
  putB64,
  saveCopy,
  savesAsNew,
  saveToCloud,
  uploadKey,
} from "../../src/app/api/cloudSave";
import { type ApiClient, ApiError, type Envelope } from "../../src/app/api/core";
import { parseLabelFile } from "../../src/model/file";
import { benchLabel } from "./support/labels";

type Call = { path: string; body: unknown };

function fakeApi(answer: (path: string, body: unknown) => unknown): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  const api: ApiClient = {
    prefix: "/interface",
    async post<T>(path: string, body?: unknown) {
      calls.push({ path, body });
      const a = answer(path, body);
      if (a instanceof ApiError) throw a;
      return a as T;
    },
    async get<T>() {
      throw new Error("no GET expected") as T;
    },
  };
  return { api, calls };
}

const codeError = (code: number, res: Envelope) => new ApiError("code", String(res.msg ?? ""), code, res);
const template = {
  id: "20261122abcdefghabcdefgh",
  parent_id: "f1",
  name: "Bench 标签",
  file_web: "/files/u1/x.tprts",
  width: 100,
  height: 80,
};

function standardAnswers(final: (path: string, body: unknown) => unknown) {
  return (path: string, body: unknown) => {
    if (path === "/api/tem.app_shared/getToken") return "tok-1";
    if (path === "/upload") {
      const key = (body as FormData).get("key") as string;
      return { key, url: `/files/${key}` };
    }
    return final(path, body);
  };
}

const label = (over: Partial<CloudLabel> = {}): CloudLabel => ({
  status: "add",
  id: "",
  parent_id: "",
  type: "",
  file: "",
  remark: "",
  ...over,
});

type Put = { url: string; headers: Record<string, string>; body: string };
const PREVIEW = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);

/** The picture endpoint: answers like the server (key at the top level and in data). */
function fakeFetch(
  answer: (put: Put) => { status: number; body: unknown } = () => ({ status: 200, body: null }),
) {
  const puts: Put[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const put = { url, headers: init.headers as Record<string, string>, body: String(init.body) };
    puts.push(put);
    const a = answer(put);
    const key = Buffer.from(url.split("/key/")[1], "base64url").toString("utf8");
    const body = a.body ?? { code: 200, data: { key, url: `http://x/files/${key}` }, key, msg: "" };
    return new Response(JSON.stringify(body), { status: a.status });
  }) as typeof globalThis.fetch;
  return { fetch, puts };
}

const deps = (api: ApiClient, fetch = fakeFetch().fetch) => ({
  api,
  userId: "u1",
  preview: async () => PREVIEW,
  now: () => new Date("2026-11-22T10:00:00Z"),
  fetch,
});

describe("save to cloud", () => {
  it("status add: uploads the .tprts (multipart) and the preview (putb64) with the token, then addUserTemplate", async () => {
    const doc = benchLabel(1);
    const { api, calls } = fakeApi(standardAnswers(() => template));
    const pic = fakeFetch();
    const r = await saveToCloud(deps(api, pic.fetch), doc, label());
    expect(r).toEqual({ kind: "saved", template: { ...template, image: "" }, added: true });
    expect(calls.map((c) => c.path)).toEqual([
      "/api/tem.app_shared/getToken",
      "/upload",
      "/api/tem.app_public/addUserTemplate",
    ]);
    const file = calls[1].body as FormData;
    expect(file.get("token")).toBe("tok-1");
    expect(file.get("key")).toMatch(/^u1\/tprt\/20261122\/[a-z0-9]{16}\.tprts$/);
    // the uploaded file is the label, readable by the file codec
    const bytes = new Uint8Array(await (file.get("file") as Blob).arrayBuffer());
    const parsed = parseLabelFile(bytes, "x.tprts");
    expect(parsed.ok && parsed.doc.elements.length).toBe(doc.elements.length);
    // the preview: one base64 picture upload, key in the path, token in the UpToken header
    expect(pic.puts.length).toBe(1);
    const put = pic.puts[0];
    const m = /^\/interface\/putb64\/-1\/key\/([A-Za-z0-9_=-]+)$/.exec(put.url);
    expect(m).not.toBeNull();
    const key = Buffer.from(m?.[1] ?? "", "base64url").toString("utf8");
    expect(key).toMatch(/^u1\/tprt\/preview\/20261122\/[a-z0-9]{16}\.png$/);
    expect(put.headers.Authorization).toBe("UpToken tok-1");
    expect(new Uint8Array(Buffer.from(put.body, "base64"))).toEqual(PREVIEW);
    const add = calls[2].body as Record<string, unknown>;
    expect(add).toMatchObject({ name: "Bench 标签", width: 100, height: 80, platform: 2, parent_id: "" });
    expect(add.url).toMatch(/^\/files\/u1\/tprt\/20261122\/[a-z0-9]{16}\.tprts$/);
    expect(add.image).toBe(`/files/${key}`);
    expect(add).not.toHaveProperty("id");
  });

  it("status edit updates with the id; copies (common, share, printRecord) always add", async () => {
    for (const [type, path] of [
      ["", "/api/tem.app_public/editUserTemplate"],
      ["cloud", "/api/tem.app_public/editUserTemplate"],
      ["common", "/api/tem.app_public/addUserTemplate"],
      ["share", "/api/tem.app_public/addUserTemplate"],
      ["printRecord", "/api/tem.app_public/addUserTemplate"],
    ]) {
      const { api, calls } = fakeApi(standardAnswers(() => template));
      const r = await saveToCloud(deps(api), benchLabel(1), label({ status: "edit", id: "T1", type }));
      expect(r.kind).toBe("saved");
      const last = calls.at(-1) as Call;
      expect(last.path, type).toBe(path);
      if (path.endsWith("editUserTemplate")) expect(last.body).toMatchObject({ id: "T1" });
    }
    expect(savesAsNew({ status: "edit", id: "", type: "" })).toBe(true);
  });

  it("402 answers the membership prompt with the server message", async () => {
    const { api } = fakeApi(standardAnswers(() => codeError(402, { code: 402, msg: "Quota reached" })));
    expect(await saveToCloud(deps(api), benchLabel(1), label())).toEqual({
      kind: "member",
      message: "Quota reached",
    });
  });

  it("405 on add opens the cover dialog with the payload; cover overwrites", async () => {
    const { api } = fakeApi(
      standardAnswers(() => codeError(405, { code: 405, message: "exists", data: template })),
    );
    const r = await saveToCloud(deps(api), benchLabel(1), label());
    expect(r.kind).toBe("exists");
    if (r.kind !== "exists") return;
    const cover = fakeApi(() => template);
    expect((await coverTemplate({ api: cover.api }, r.payload)).kind).toBe("saved");
    expect(cover.calls[0]).toEqual({ path: "/api/tem.app_public/coverUserTemplate", body: r.payload });
    const member = fakeApi(() => codeError(402, { code: 402, msg: "Become a member" }));
    expect(await coverTemplate({ api: member.api }, r.payload)).toEqual({
      kind: "member",
      message: "Become a member",
    });
  });

  it("an edit names the file it opened; 409 (changed elsewhere) offers a copy or an overwrite", async () => {
    const newer = { ...template, id: "T1", file_web: "/files/u1/newer.tprts" };
    const { api, calls } = fakeApi(
      standardAnswers(() => codeError(409, { code: 409, msg: "changed elsewhere", data: newer })),
    );
    const r = await saveToCloud(
      deps(api),
      benchLabel(1),
      label({ status: "edit", id: "T1", file: "/files/u1/old.tprts" }),
    );
    expect(calls.at(-1)?.body).toMatchObject({ id: "T1", base_file: "/files/u1/old.tprts" });
    expect(r).toMatchObject({ kind: "conflict", current: { id: "T1", file_web: "/files/u1/newer.tprts" } });
    if (r.kind !== "conflict") return;
    // overwrite: the same upload over what the server holds now
    const over = fakeApi(() => ({ ...newer, file_web: r.payload.url }));
    expect((await overwriteTemplate({ api: over.api }, r.payload, r.current)).kind).toBe("saved");
    expect(over.calls[0].path).toBe("/api/tem.app_public/editUserTemplate");
    expect(over.calls[0].body).toMatchObject({
      id: "T1",
      base_file: "/files/u1/newer.tprts",
      url: r.payload.url,
    });
    // save as a copy: a new template from the same upload, under another name
    const copy = fakeApi(() => ({ ...template, id: "T2" }));
    expect(await saveCopy({ api: copy.api }, r.payload, "Bench (copy)")).toMatchObject({
      kind: "saved",
      added: true,
    });
    expect(copy.calls[0].path).toBe("/api/tem.app_public/addUserTemplate");
    expect(copy.calls[0].body).toMatchObject({ name: "Bench (copy)", url: r.payload.url });
    expect(copy.calls[0].body).not.toHaveProperty("id");
    // a label opened without a file (never saved from here) names none
    const fresh = fakeApi(standardAnswers(() => template));
    await saveToCloud(deps(fresh.api), benchLabel(1), label({ status: "edit", id: "T1" }));
    expect(fresh.calls.at(-1)?.body).not.toHaveProperty("base_file");
  });

  it("other errors (upload, 209, transport) fail without throwing", async () => {
    const upload = fakeApi((p) =>
      p === "/api/tem.app_shared/getToken" ? "t" : codeError(403, { code: 403 }),
    );
    expect((await saveToCloud(deps(upload.api), benchLabel(1), label())).kind).toBe("failed");
    const biz = fakeApi(standardAnswers(() => codeError(209, { code: 209, msg: "bad" })));
    expect((await saveToCloud(deps(biz.api), benchLabel(1), label())).kind).toBe("failed");
    const net = fakeApi(standardAnswers(() => new ApiError("transport", "offline")));
    expect((await saveToCloud(deps(net.api), benchLabel(1), label())).kind).toBe("failed");
    // 405 on edit is not a cover case
    const edit = fakeApi(standardAnswers(() => codeError(405, { code: 405 })));
    expect((await saveToCloud(deps(edit.api), benchLabel(1), label({ status: "edit", id: "T" }))).kind).toBe(
      "failed",
    );
  });

  it("a preview failure still saves the label (without image)", async () => {
    const { api, calls } = fakeApi(standardAnswers(() => template));
    const pic = fakeFetch();
    const r = await saveToCloud(
      { ...deps(api, pic.fetch), preview: async () => null },
      benchLabel(1),
      label(),
    );
    expect(r.kind).toBe("saved");
    expect(calls.filter((c) => c.path === "/upload").length).toBe(1);
    expect(pic.puts.length).toBe(0);
    expect((calls.at(-1) as Call).body).toMatchObject({ image: "" });
    // the picture endpoint refusing the token (401) or failing (HTTP 500): saved without image
    for (const answer of [
      () => ({ status: 200, body: { code: 401, Reason: "token" } }),
      () => ({ status: 500, body: {} }),
    ]) {
      const bad = fakeFetch(answer);
      const again = fakeApi(standardAnswers(() => template));
      expect((await saveToCloud(deps(again.api, bad.fetch), benchLabel(1), label())).kind).toBe("saved");
      expect(bad.puts.length).toBe(1);
      expect((again.calls.at(-1) as Call).body).toMatchObject({ image: "" });
    }
  });

  it("putB64 answers the stored key's URL and throws on a refusal", async () => {
    const api = fakeApi(() => null).api;
    const key = "u1/tprt/preview/20261122/abc.png";
    expect(keySegment(key)).toBe(Buffer.from(key).toString("base64url").padEnd(44, "="));
    const ok = fakeFetch();
    expect(await putB64({ api, fetch: ok.fetch }, "tok", key, PREVIEW)).toBe(`/files/${key}`);
    const refused = fakeFetch(() => ({ status: 200, body: { code: 403, msg: "forbidden" } }));
    await expect(putB64({ api, fetch: refused.fetch }, "tok", key, PREVIEW)).rejects.toThrow();
    const notJson = (async () => new Response("<html>", { status: 502 })) as unknown as typeof fetch;
    await expect(putB64({ api, fetch: notJson }, "tok", key, PREVIEW)).rejects.toThrow();
  });

  it("the replaced route keeps the attributes with the new id and file, without the background", () => {
    const doc = benchLabel(1, { background: "iVBORw0KGgo=", type: "common" });
    const a = labelAttrAfterSave(doc, { ...template, image: "" }, "common");
    expect(a).toMatchObject({
      id: template.id,
      parent_id: "f1",
      file: template.file_web,
      width: 100,
      type: "",
    });
    expect(a).not.toHaveProperty("background");
  });

  it("upload keys stay inside the user's prefix", () => {
    expect(uploadKey("u1", "tprt", "tprts", new Date("2026-01-02T00:00:00Z"))).toMatch(
      /^u1\/tprt\/20260102\/[a-z0-9]{16}\.tprts$/,
    );
  });
});
