// `src/server/main.ts` as `npm start` runs it: prints the ready line, serves, stops on SIGTERM.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";

it("prints 'Inkless listening on http://HOST:PORT/label/' and exits cleanly on SIGTERM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "inkless-main-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", INKLESS_DATA: dir, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  try {
    const base = await new Promise<string>((ok, fail) => {
      child.stdout.on("data", () => {
        const m = /Inkless listening on (http:\/\/127\.0\.0\.1:\d+)\/label\/\n/.exec(out);
        if (m) ok(m[1]);
      });
      child.once("exit", (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    const r = await fetch(`${base}/interface/api/tem.app_shared/getNewFontList`);
    expect((await r.json()).code).toBe(200);
    const code = await new Promise<number | null>((ok) => {
      child.once("exit", (c) => ok(c));
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
    expect(out).toContain("SIGTERM: shutting down");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
