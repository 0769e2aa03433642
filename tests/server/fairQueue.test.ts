// Fair queues (issue 33 item 7): users are served in turn, one user's pile never delays another
// user's job behind it, and a user's excess is refused at once with a translated message.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { translate } from "../../src/i18n/messages";
import { FairQueue } from "../../src/server/fairQueue";
import type { ApiError } from "../../src/server/http/envelope";
import { officeToPdf } from "../../src/server/services/officeConvert";

/** A job that runs until `release()`; `started` resolves when it starts. */
function gate(log: string[], name: string) {
  let release!: () => void;
  let started!: () => void;
  const startedP = new Promise<void>((r) => {
    started = r;
  });
  const done = new Promise<string>((r) => {
    release = () => r(name);
  });
  return {
    job: () => {
      log.push(name);
      started();
      return done;
    },
    started: startedP,
    release,
  };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: ApiError) => ({ key: e.key, vars: e.vars }),
  );

describe("the fair queue", () => {
  it("starts the other user's job before the first user's queued ones, and refuses the excess", async () => {
    const q = new FairQueue({ concurrency: 1, perUser: 2, queue: 10 });
    const log: string[] = [];
    const a1 = gate(log, "a1");
    const a2 = gate(log, "a2");
    const b1 = gate(log, "b1");
    const ra1 = q.run("a", a1.job);
    const ra2 = q.run("a", a2.job);
    // A's third: refused at once, naming how many A already has
    expect(await refusal(q.run("a", async () => "a3"))).toEqual({
      key: "server.error.tooManyJobs",
      vars: { n: 2 },
    });
    const rb1 = q.run("b", b1.job);
    await a1.started;
    a1.release();
    await b1.started;
    expect(log).toEqual(["a1", "b1"]); // B's job came before A's waiting one
    b1.release();
    await a2.started;
    a2.release();
    expect(await Promise.all([ra1, ra2, rb1])).toEqual(["a1", "a2", "b1"]);
    expect(log).toEqual(["a1", "b1", "a2"]);
    expect(q.size).toEqual({ running: 0, waiting: 0 });
    // the slots are free again
    expect(await q.run("a", async () => "again")).toBe("again");
  });

  it("takes three users in turn, runs one job per user at a time, and frees a failed job's slot", async () => {
    const q = new FairQueue({ concurrency: 2, perUser: 3, queue: 10 });
    const log: string[] = [];
    const jobs = ["a1", "a2", "a3", "b1", "b2", "c1"].map((n) => gate(log, n));
    const [a1, a2, a3, b1, b2, c1] = jobs;
    const runs = jobs.map((g) => q.run(g === a1 || g === a2 || g === a3 ? "a" : g === c1 ? "c" : "b", g.job));
    await Promise.all([a1.started, b1.started]);
    expect(log).toEqual(["a1", "b1"]); // one of A's at a time, though two could run
    a1.release();
    await c1.started; // C had not been served yet: before A's and B's second jobs
    b1.release();
    await a2.started;
    expect(log).toEqual(["a1", "b1", "c1", "a2"]);
    c1.release();
    await b2.started;
    a2.release();
    await a3.started;
    b2.release();
    a3.release();
    await Promise.all(runs);
    expect(log).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);

    const failing = q.run("a", async () => {
      throw new Error("bad file");
    });
    await expect(failing).rejects.toThrow("bad file");
    expect(q.size).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses past the queue's size in all, with a translated message", async () => {
    const q = new FairQueue({ concurrency: 1, perUser: 2, queue: 1 });
    const log: string[] = [];
    const first = gate(log, "u1");
    const second = gate(log, "u2");
    const r1 = q.run("u1", first.job);
    const r2 = q.run("u2", second.job); // waits: the queue is now full
    const refused = await refusal(q.run("u3", async () => "u3"));
    expect(refused).toEqual({ key: "server.error.queueFull", vars: {} });
    for (const lang of ["en", "zh", "pt", "es", "ru"] as const) {
      expect(translate("server.error.queueFull", {}, lang)).not.toBe("server.error.queueFull");
      expect(translate("server.error.tooManyJobs", { n: 2 }, lang)).toContain("2");
    }
    expect(translate("server.error.tooManyJobs", { n: 2 }, "en")).toBe(
      "You already have 2 jobs of this kind running or waiting; try again when one is done.",
    );
    first.release();
    second.release();
    await Promise.all([r1, r2]);
  });
});

describe("office conversions are queued fairly", () => {
  it("with user A's conversions queued, user B's runs next; A's third is refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), "inkless-fair-office-"));
    const log = join(dir, "order.log");
    // a stand-in for soffice: notes which document it converts, then waits for its release file
    const fake = join(dir, "soffice");
    writeFileSync(
      fake,
      `#!/bin/sh
for a; do in="$a"; done
out=""; prev=""
for a; do [ "$prev" = "--outdir" ] && out="$a"; prev="$a"; done
name=$(tail -c 2 "$in")
echo "$name" >> "${log}"
while [ ! -f "${dir}/release-$name" ]; do sleep 0.05; done
printf '%%PDF-1.4 %s' "$name" > "$out/document.pdf"
`,
    );
    chmodSync(fake, 0o755);
    const before = process.env.INKLESS_SOFFICE;
    process.env.INKLESS_SOFFICE = fake;
    const order = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
    const until = async (want: string[]) => {
      while (order().join() !== want.join()) await new Promise((r) => setTimeout(r, 20));
    };
    const release = (name: string) => writeFileSync(join(dir, `release-${name}`), "");
    try {
      // an RTF document (office files are recognised by their bytes) ending in its name
      const doc = (name: string) => new TextEncoder().encode(`{\\rtf1 ${name}`);
      const a1 = officeToPdf("user-a", doc("a1"), "docx");
      await until(["a1"]);
      const a2 = officeToPdf("user-a", doc("a2"), "docx");
      const a3 = await refusal(officeToPdf("user-a", doc("a3"), "docx"));
      expect(a3).toEqual({ key: "server.error.tooManyJobs", vars: { n: 2 } });
      const b1 = officeToPdf("user-b", doc("b1"), "docx");
      release("a1");
      await until(["a1", "b1"]);
      release("b1");
      release("a2");
      const pdfs = (await Promise.all([a1, b1, a2])).map((p) => new TextDecoder().decode(p));
      expect(pdfs).toEqual(["%PDF-1.4 a1", "%PDF-1.4 b1", "%PDF-1.4 a2"]);
      expect(order()).toEqual(["a1", "b1", "a2"]);
    } finally {
      for (const n of ["a1", "a2", "b1"]) release(n);
      if (before === undefined) delete process.env.INKLESS_SOFFICE;
      else process.env.INKLESS_SOFFICE = before;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
