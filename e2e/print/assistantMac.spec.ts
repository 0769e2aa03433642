// The macOS print assistant (issue 43): one zip per architecture with the official signed Node
// binary for it (Mach-O arm64 / x86_64 with its LC_CODE_SIGNATURE and embedded signature), our
// bundle and a double-clickable .command starter (executable in the zip) that runs the bundle with
// that binary: run here with this machine's Node in its place, it starts the assistant.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CODE_SIGNATURE, readMachO } from "../../tests/print/support/macho";
import { until } from "../support/app";
import { freePort } from "../support/server";

const DOWNLOADS = resolve("dist/downloads");
const STARTER = "Inkless Assistant.command";
const dir = mkdtempSync(join(tmpdir(), "inkless-macos-"));
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** name → Unix mode of each entry (zipinfo, as the Finder's Archive Utility reads them) */
function modes(zip: string): Map<string, string> {
  const r = spawnSync("zipinfo", ["-l", zip], { encoding: "utf8" });
  const out = new Map<string, string>();
  for (const line of r.stdout.split("\n")) {
    const m = /^([-drwx]+)\s.*?\s(inkless-assistant\/.*)$/.exec(line);
    if (m) out.set(m[2], m[1]);
  }
  return out;
}

describe.each([
  ["arm64", "arm64"],
  ["x64", "x86_64"],
])("the macOS package for %s", (arch, cpu) => {
  const zip = join(DOWNLOADS, `inkless-assistant-macos-${arch}.zip`);
  const out = join(dir, arch);

  it("holds the bundle, the official signed Node binary for that CPU and the starter", () => {
    const m = modes(zip);
    expect([...m.keys()].sort()).toEqual(
      [
        "inkless-assistant/README.txt",
        `inkless-assistant/${STARTER}`,
        "inkless-assistant/inkless-assistant.cjs",
        "inkless-assistant/node/LICENSE",
        "inkless-assistant/node/bin/node",
      ].sort(),
    );
    expect(m.get("inkless-assistant/node/bin/node")).toBe("-rwxr-xr-x");
    expect(m.get(`inkless-assistant/${STARTER}`)).toBe("-rwxr-xr-x");
    expect(m.get("inkless-assistant/inkless-assistant.cjs")).toBe("-rw-r--r--");
    expect(spawnSync("unzip", ["-q", zip, "-d", out]).status).toBe(0);
    const node = readMachO(readFileSync(join(out, "inkless-assistant/node/bin/node")));
    expect(node.arch).toBe(cpu);
    expect(node.commands).toContain(CODE_SIGNATURE.command);
    expect(node.signatureMagic).toBe(CODE_SIGNATURE.magic);
    expect(readFileSync(join(out, "inkless-assistant/node/LICENSE"), "utf8")).toContain(
      "Node.js is licensed",
    );
    const readme = readFileSync(join(out, "inkless-assistant/README.txt"), "utf8");
    expect(readme).toMatch(/Open Anyway/);
    expect(readme).toContain("./node/bin/node inkless-assistant.cjs --install-startup");
  });

  it("starts the assistant with the binary beside it", async () => {
    const starter = join(out, "inkless-assistant", STARTER);
    const text = readFileSync(starter, "utf8");
    expect(text.startsWith("#!/bin/sh\n")).toBe(true);
    expect(text).toContain('cd "$(dirname "$0")"');
    expect(text).toContain("exec ./node/bin/node inkless-assistant.cjs");
    if (arch !== "arm64") return; // once is enough to show it runs
    // this machine's Node in the Mac binary's place: the starter runs whatever node/bin/node is
    copyFileSync(process.execPath, join(out, "inkless-assistant/node/bin/node"));
    const port = await freePort();
    const settings = join(dir, "assistant.json");
    writeFileSync(settings, JSON.stringify({ cups: false, origins: [] }));
    let said = "";
    child = spawn(starter, [], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        INKLESS_LANG: "en",
        HOME: dir,
        INKLESS_ASSISTANT_CONFIG: settings,
        INKLESS_ASSISTANT_PORT: String(port),
      },
    });
    child.stdout?.on("data", (d) => {
      said += d.toString();
    });
    child.stderr?.on("data", (d) => {
      said += d.toString();
    });
    await until(() => said.includes(`listening on ws://127.0.0.1:${port}`), 60_000);
    expect(said).toMatch(/Pairing code: [A-Z0-9]{4}-[A-Z0-9]{4}/);
  }, 90_000);
});
