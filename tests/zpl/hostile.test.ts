// Hostile ZPL: every input ends in a clear, translated error (or reads), in bounded memory: the
// reader runs in a Node process whose heap is capped at 160 MB, far below what the inputs would
// need unbounded (a 2 GB graphic, a 16 MB bomb, 5,000 labels, a 50 MB file).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { translate } from "../../src/i18n/messages";
import { LANGUAGES } from "../../src/model/constants";
import { BUILD_TIMEOUT_MS, buildLabel, LABEL } from "../cli/support/builtLabel";
import { HOSTILE } from "./support/hostile";

// the built `label` program, as npm run label runs it (tests/cli/support/builtLabel.ts)
beforeAll(buildLabel, BUILD_TIMEOUT_MS);

vi.setConfig({ testTimeout: 300_000 });
const dir = mkdtempSync(join(tmpdir(), "inkless-zpl-hostile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("hostile ZPL", () => {
  it("each input ends in its own message key, inside a 160 MB heap", () => {
    const r = spawnSync(
      process.execPath,
      ["--max-old-space-size=160", "--import", "tsx", "tests/zpl/support/hostileRun.ts"],
      { encoding: "utf8", maxBuffer: 1 << 24 },
    );
    expect(r.status, r.stderr).toBe(0);
    const got = JSON.parse(r.stdout) as Record<string, string>;
    for (const c of HOSTILE) {
      if (c.key === "any") expect(got[c.name], c.name).toMatch(/^(ok|zpl\.error\.\w+)$/);
      else expect(got[c.name], c.name).toBe(c.key);
    }
  });

  it("every message is translated in the five languages", () => {
    const keys = new Set(HOSTILE.map((c) => c.key).filter((k) => k.startsWith("zpl.")));
    for (const key of keys)
      for (const lang of LANGUAGES) {
        const text = translate(key, { limit: 8, megadots: 16, max: 500 }, lang);
        expect(text, `${key} ${lang}`).not.toBe(key);
        expect(text).not.toMatch(/\{\{/);
      }
  });

  it("the CLI says so in one translated line and exits 1", () => {
    const file = join(dir, "huge.zpl");
    writeFileSync(file, "^XA^FO0,0^GFA,2000000000,2000000000,100000,FFFF^FS^XZ");
    const r = spawnSync(process.execPath, [LABEL, "render", file, "--out", join(dir, "x.png")], {
      encoding: "utf8",
      env: { ...process.env, INKLESS_LANG: "es" },
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("Un gráfico del archivo ZPL es demasiado grande");
  });
});
