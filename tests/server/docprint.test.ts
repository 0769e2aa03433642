// Document printing's office conversion (/api/docprint/convert): an uploaded office file becomes a
// stored PDF (LibreOffice, headless) and the upload is removed; someone else's file is refused; a
// server without LibreOffice answers a translated message naming the Debian packages.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFICE_PACKAGES } from "../../src/server/services/officeConvert";
import { newUser, startServer, type TestServer, upload } from "./helpers";

// a Word-readable document: RTF content in a .doc file (LibreOffice goes by content)
const RTF = String.raw`{\rtf1\ansi{\fonttbl{\f0 Arial;}}\f0\fs48 INKLESS OFFICE LABEL 42\par}`;
const hasOffice = (() => {
  try {
    execFileSync("soffice", ["--version"], { stdio: "ignore", timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

let s: TestServer;
const dir = mkdtempSync(join(tmpdir(), "inkless-office-test-"));
beforeAll(async () => {
  s = await startServer({ name: "pglite" });
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function uploaded(tag: string) {
  const { client, user } = await newUser(s.base, tag);
  const key = `${user.userid}/docprint/20261125/letter.doc`;
  const up = await upload(client, key, RTF, "letter.doc");
  expect(up.body.code).toBe(200);
  return { client, url: `${s.base}/files/${key}`, key };
}

describe("office conversion", () => {
  it.skipIf(!hasOffice)(
    "converts an uploaded document to a stored PDF and removes the upload",
    async () => {
      const { client, key } = await uploaded("conv");
      const r = await client.call("/api/docprint/convert", { url: `${s.base}/files/${key}` });
      expect(r.body.code).toBe(200);
      expect(r.body.data.key).toMatch(/\/docprint\/\d{8}\/[\w-]+\.pdf$/);
      const pdf = Buffer.from(await (await client.raw(`/files/${r.body.data.key}`)).arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const file = join(dir, "out.pdf");
      writeFileSync(file, pdf);
      expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain(
        "INKLESS OFFICE LABEL 42",
      );
      expect((await client.raw(`/files/${key}`)).status).toBe(404);
    },
    120_000,
  );

  it("refuses another user's file", async () => {
    const { url } = await uploaded("owner");
    const other = await newUser(s.base, "other");
    expect((await other.client.call("/api/docprint/convert", { url })).body.code).toBe(403);
  });

  it("without LibreOffice: a translated message that names the packages", async () => {
    const { client, url } = await uploaded("none");
    const before = process.env.INKLESS_SOFFICE;
    process.env.INKLESS_SOFFICE = join(dir, "no-such-soffice");
    try {
      const r = await client.call("/api/docprint/convert", { url });
      expect(r.body.code).toBe(209);
      expect(r.body.Reason ?? r.body.message ?? r.body.msg).toContain(OFFICE_PACKAGES);
      expect(r.body.Reason ?? r.body.message ?? r.body.msg).toContain("LibreOffice is not installed");
    } finally {
      if (before === undefined) delete process.env.INKLESS_SOFFICE;
      else process.env.INKLESS_SOFFICE = before;
    }
  });
});
