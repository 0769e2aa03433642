// Local files and opening cloud label files: never throw, clear file-format error keys.
import { describe, expect, it } from "vitest";
import {
  fetchLabelFile,
  isLabelFileName,
  localFileOf,
  readLocalLabel,
} from "../../src/editor/save/localFiles";
import { serializeTprt, serializeTprts } from "../../src/model/file";
import { benchLabel } from "./support/labels";

const doc = benchLabel(1, { name: 'a/b:c "标签"' });

describe("local label files", () => {
  it("downloads as .tprts named by the label and reads back the same elements", async () => {
    const f = localFileOf(doc);
    expect(f.name).toBe("a_b_c _标签_.tprts");
    const r = await readLocalLabel(new File([await f.blob.arrayBuffer()], f.name));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.doc.elements.map((e) => e.Type)).toEqual(doc.elements.map((e) => e.Type));
  });

  it("opens .tprt XML too; refuses other names, empty and damaged files with their keys", async () => {
    const xml = await readLocalLabel(new File([serializeTprt(doc)], "x.TPRT"));
    expect(xml.ok).toBe(true);
    const wrong = await readLocalLabel(new File(["x"], "x.pdf"));
    expect(!wrong.ok && wrong.error.key).toBe("file.error.notLabel");
    const empty = await readLocalLabel(new File([], "x.tprts"));
    expect(!empty.ok && empty.error.key).toBe("file.error.empty");
    const junk = await readLocalLabel(new File(["<script>alert(1)</script>"], "x.tprts"));
    expect(junk.ok).toBe(false);
    expect(isLabelFileName("../evil.tprts")).toBe(true);
    expect(isLabelFileName("a.tprts.exe")).toBe(false);
  });
});

describe("cloud label files", () => {
  const fake =
    (status: number, body: Uint8Array | string): typeof fetch =>
    async () =>
      new Response(body as BodyInit, { status });

  it("fetches, decrypts and parses a .tprts", async () => {
    const r = await fetchLabelFile("/files/u1/tprt/x.tprts", fake(200, serializeTprts(doc)));
    expect(r.ok && r.doc.attrs.width).toBe(100);
  });

  it("no file → tip128; HTTP error → tip128; network failure → tip46", async () => {
    const none = await fetchLabelFile("", fake(200, ""));
    expect(!none.ok && none.error.key).toBe("tip.tip128");
    const missing = await fetchLabelFile("/files/x.tprts", fake(404, ""));
    expect(!missing.ok && missing.error.key).toBe("tip.tip128");
    const offline = await fetchLabelFile("/files/x.tprts", async () => {
      throw new TypeError("failed to fetch");
    });
    expect(!offline.ok && offline.error.key).toBe("tip.tip46");
  });
});
