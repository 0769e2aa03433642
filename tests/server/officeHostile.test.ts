// Office conversion against hostile documents (issue 33 item 3): LibreOffice runs with no network, so a
// DOCX whose picture is linked from a local URL makes 0 connections to a listener on 127.0.0.1; HTML
// renamed .doc is refused by its bytes; without a network namespace conversions are refused; a
// conversion runs under memory and output caps with a page range, and one that hangs is killed with
// its whole process group.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../src/export/pdf/png";
import { translate } from "../../src/i18n/messages";
import { officeContainer } from "../../src/server/services/officeFiles";
import { OFFICE_MEMORY_BYTES, OFFICE_OUTPUT_BYTES } from "../../src/server/services/officeSandbox";
import { newUser, startServer, type TestServer, upload } from "./helpers";
import { docxLinkingTo, htmlLoading } from "./support/hostileOffice";

const hasOffice = (() => {
  try {
    execFileSync("soffice", ["--version"], { stdio: "ignore", timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();
const RTF = String.raw`{\rtf1\ansi{\fonttbl{\f0 Arial;}}\f0\fs48 PLAIN RTF\par}`;

let s: TestServer;
let listener: Server;
let connections = 0;
let target = "";
const dir = mkdtempSync(join(tmpdir(), "inkless-office-hostile-"));

beforeAll(async () => {
  s = await startServer({ name: "pglite" });
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const port = (listener.address() as { port: number }).port;
  target = `http://127.0.0.1:${port}/secret.png`;
}, 180_000);
afterAll(async () => {
  await s?.close();
  await new Promise((resolve) => listener?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const message = (key: string, vars: Record<string, string | number> = {}) => translate(key, vars, "en");

/** Uploads `data` as `name` and asks for its conversion; the answer's body. */
async function convert(tag: string, name: string, data: Uint8Array | string) {
  const { client, user } = await newUser(s.base, tag);
  const key = `${user.userid}/docprint/20261206/${name}`;
  expect((await upload(client, key, data, name)).body.code).toBe(200);
  const r = await client.call("/api/docprint/convert", { url: `${s.base}/files/${key}` });
  return { client, body: r.body };
}

/** Runs `f` with environment variables set, restoring them after. */
async function withEnv<T>(vars: Record<string, string>, f: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await f();
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describe("office conversion of hostile documents", () => {
  it("recognises office containers by their bytes, not their names", () => {
    expect(officeContainer(docxLinkingTo(target, "x"))).toBe("ooxml");
    expect(officeContainer(new TextEncoder().encode(RTF))).toBe("rtf");
    const ole2 = new Uint8Array(1024);
    ole2.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(officeContainer(ole2)).toBe("ole2");
    expect(officeContainer(new TextEncoder().encode(htmlLoading(target, "x")))).toBeNull();
    expect(officeContainer(new TextEncoder().encode("%PDF-1.7\n"))).toBeNull();
  });

  it.skipIf(!hasOffice)(
    "a DOCX with a picture linked from 127.0.0.1 converts without a single connection",
    async () => {
      const { client, body } = await convert("docx", "linked.docx", docxLinkingTo(target, "LINKED DOCX 33"));
      expect(body.code).toBe(200);
      const pdf = Buffer.from(await (await client.raw(`/files/${body.data.key}`)).arrayBuffer());
      const file = join(dir, "linked.pdf");
      writeFileSync(file, pdf);
      expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain("LINKED DOCX 33");
      expect(connections).toBe(0);
    },
    300_000,
  );

  it.skipIf(!hasOffice)(
    "a DOCX linking another user's uploaded picture by its path on disk does not show it",
    async () => {
      const victim = await newUser(s.base, "victim");
      const key = `${victim.user.userid}/docprint/20261206/private.png`;
      const side = 40;
      const png = encodePng({
        width: side,
        height: side,
        data: new Uint8ClampedArray(side * side * 4).fill(90),
      });
      expect((await upload(victim.client, key, png, "private.png")).body.code).toBe(200);
      const path = join(s.dataDir, "files", key);
      expect(existsSync(path)).toBe(true);
      const { client, body } = await convert(
        "lfi",
        "local.docx",
        docxLinkingTo(`file://${path}`, "LOCAL LINK"),
      );
      expect(body.code).toBe(200);
      const file = join(dir, "local.pdf");
      writeFileSync(file, Buffer.from(await (await client.raw(`/files/${body.data.key}`)).arrayBuffer()));
      expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain("LOCAL LINK");
      // pdfimages lists a header of two lines, then one line per picture: none
      const images = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n");
      expect(images).toHaveLength(2);
    },
    300_000,
  );

  it("HTML renamed .doc is refused by its bytes, before LibreOffice sees it", async () => {
    const { body } = await convert("html", "page.doc", htmlLoading(target, "HTML AS DOC"));
    expect(body.code).toBe(209);
    expect(body.msg).toBe(message("server.error.officeNotOffice"));
    expect(connections).toBe(0);
  }, 300_000);

  it("refuses to convert when no network namespace can be made", async () => {
    const { body } = await withEnv({ INKLESS_UNSHARE: join(dir, "no-such-unshare") }, () =>
      convert("nonet", "linked.docx", docxLinkingTo(target, "NO NAMESPACE")),
    );
    expect(body.code).toBe(209);
    expect(body.msg).toBe(message("server.error.officeIsolation"));
    expect(connections).toBe(0);
  }, 300_000);

  // a stand-in for soffice (written per test: the conversion passes on none of our environment)
  // that reports where it runs — its limits, network interfaces, arguments, what it sees of the
  // data folder, its processes and environment — in the "PDF" it writes, or hangs with a child
  function fakeSoffice(name: string, opts: { look?: string; hang?: number }): string {
    const file = join(dir, name);
    const hang = opts.hang ? `sleep ${opts.hang} & wait; exit 0` : "";
    writeFileSync(
      file,
      `#!/bin/sh
${hang}
out=""; prev=""
for a in "$@"; do [ "$prev" = "--outdir" ] && out="$a"; prev="$a"; done
{ echo "%PDF-1.4"; cat /proc/self/limits; echo "NET"; tail -n +3 /proc/net/dev; echo "ARGS $*"
  echo "DATA [$(ls -A "${opts.look ?? ""}" 2>&1)]"; echo "PROCS $(ls /proc | grep -c '^[0-9]')"; env; } > "$out/document.pdf"
`,
    );
    chmodSync(file, 0o755);
    return file;
  }

  it("runs under the memory and output caps, with no interface but loopback, at most 500 pages", async () => {
    const { client, body } = await withEnv(
      { INKLESS_SOFFICE: fakeSoffice("report", { look: s.dataDir }), INKLESS_TEST_SECRET: "s3cr3t-value" },
      () => convert("caps", "caps.docx", docxLinkingTo(target, "CAPS")),
    );
    expect(body.code).toBe(200);
    const report = await (await client.raw(`/files/${body.data.key}`)).text();
    // outside the sandbox the data folder is not empty (the database, the uploads)
    expect(readdirSync(s.dataDir).length).toBeGreaterThan(0);
    expect(report).toMatch(new RegExp(`Max address space\\s+${OFFICE_MEMORY_BYTES}\\s`));
    expect(report).toMatch(new RegExp(`Max file size\\s+${OFFICE_OUTPUT_BYTES}\\s`));
    const interfaces = report
      .split("NET\n")[1]
      .split("ARGS")[0]
      .trim()
      .split("\n")
      .map((l) => l.split(":")[0].trim());
    expect(interfaces).toEqual(["lo"]);
    expect(report).toContain('writer_pdf_Export:{"PageRange":{"type":"string","value":"1-500"}}');
    // the server's data folder is an empty tmpfs, /proc shows only the conversion's few processes,
    // and none of the server's environment is passed on
    expect(report).toContain("DATA []");
    expect(Number(/PROCS (\d+)/.exec(report)?.[1])).toBeLessThan(10);
    expect(report).not.toContain("s3cr3t-value");
  }, 300_000);

  it("a conversion that hangs is killed with its whole process group, with a translated message", async () => {
    // a child that sleeps this many seconds, recognisable among this machine's processes
    const seconds = 3000 + Math.floor(Math.random() * 900);
    const sleeping = () =>
      readdirSync("/proc")
        .filter((p) => /^\d+$/.test(p))
        .some((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, "latin1") === `sleep\0${seconds}\0`;
          } catch {
            return false;
          }
        });
    const { body } = await withEnv(
      { INKLESS_SOFFICE: fakeSoffice("hang", { hang: seconds }), INKLESS_OFFICE_TIMEOUT_MS: "3000" },
      async () => {
        const answer = convert("hang", "hang.docx", docxLinkingTo(target, "HANG"));
        await expect.poll(sleeping, { timeout: 60_000 }).toBe(true);
        return answer;
      },
    );
    expect(body.code).toBe(209);
    expect(body.msg).toBe(message("server.error.officeTimeout", { seconds: 3 }));
    await expect.poll(sleeping, { timeout: 10_000 }).toBe(false);
  }, 300_000);
});
