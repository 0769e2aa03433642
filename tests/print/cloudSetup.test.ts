// The assistant as a cloud device, set up as a user would: the settings name a server and a printer,
// the assistant registers, keeps serial/key/code in its settings file and shows them; the owner binds
// it with serial + code; a job then prints on a CUPS queue (stand-in lp); unbound, it registers again.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CloudClient, startCloudClient } from "../../src/assistant/cloud";
import { setupCloud } from "../../src/assistant/cloudSetup";
import { listCupsPrinters } from "../../src/assistant/cups";
import { ENGINES, newUser, startServer, type TestServer, upload } from "../server/helpers";
import { type FakeCups, installFakeCups, pngDims } from "./support/fakeCups";
import { pagePng as boxPng } from "./support/pagePng";

const DIST = "/api/tem.distInterface/distData";

/** A page told apart from others by where its box is. */
const pagePng = (x: number) => boxPng({ x, y: 80, width: 40, height: 40 });

describe("the assistant registers as a cloud device and prints to CUPS", () => {
  let s: TestServer;
  let cups: FakeCups;
  let cloud: CloudClient | null = null;
  const dir = mkdtempSync(join(tmpdir(), "inkless-assistant-"));
  const file = join(dir, "settings.json");
  const lines: string[] = [];
  const settingsOf = () => JSON.parse(readFileSync(file, "utf8"));

  beforeAll(async () => {
    s = await startServer(ENGINES[0]);
    cups = installFakeCups(["Label_Queue"]);
  }, 120_000);
  afterAll(async () => {
    await cloud?.close();
    cups?.restore();
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stays off without a server and a printer", async () => {
    writeFileSync(file, JSON.stringify({ cloud: { printer: "Label_Queue" } }));
    expect(await setupCloud({ INKLESS_ASSISTANT_CONFIG: file })).toBeNull();
    writeFileSync(file, JSON.stringify({ cloud: { server: "ftp://x", printer: "P" } }));
    expect(await setupCloud({ INKLESS_ASSISTANT_CONFIG: file })).toBeNull();
  });

  it("registers, is bound by serial and code, prints a job on the CUPS queue, re-registers when unbound", async () => {
    writeFileSync(
      file,
      JSON.stringify({
        port: 9004,
        cloud: { server: `${s.base}/`, printer: "Label_Queue", name: "Packing" },
      }),
    );
    const env = { INKLESS_ASSISTANT_CONFIG: file };
    const setup = await setupCloud(env, (l) => lines.push(l));
    if (!setup) throw new Error("no cloud settings");
    const saved = settingsOf();
    expect(saved.port).toBe(9004);
    expect(saved.cloud).toMatchObject({
      sn: setup.settings.sn,
      key: setup.settings.key,
      printer: "Label_Queue",
    });
    expect(lines.join("\n")).toContain(`serial ${saved.cloud.sn} and verification code ${saved.cloud.code}`);
    // a restart reuses the identity and shows the code again
    const again = await setupCloud(env, (l) => lines.push(l));
    expect(again?.settings.sn).toBe(setup.settings.sn);

    cloud = startCloudClient(setup.settings, [], {
      wait: 3000,
      log: (l) => lines.push(l),
      listCups: listCupsPrinters,
      reregister: setup.reregister,
    });
    let online = false;
    void cloud.online.then(() => {
      online = true;
    });
    await expect
      .poll(() => lines.some((l) => l.includes("waiting to be bound")), { timeout: 10_000 })
      .toBe(true);
    expect(online).toBe(false);

    const { client, user } = await newUser(s.base, "cups");
    // a wrong code binds nothing (and the assistant keeps waiting)
    const wrong = await client.call("/api/device/bind", { sn: saved.cloud.sn, code: `${saved.cloud.code}2` });
    expect(wrong.body.code).toBe(209);
    expect(
      (await client.call("/api/tem.distInterface/distData", { fun: "hmBindEquipmentList" })).body.data,
    ).toEqual([]);
    const bound = await client.call("/api/device/bind", {
      sn: saved.cloud.sn,
      code: saved.cloud.code,
      name: "",
    });
    expect(bound.body.data).toMatchObject({ sn: saved.cloud.sn, name: "Packing" });
    await cloud.online;

    const url = async (mark: number) =>
      (
        await upload(
          client,
          `${user.userid}/tprt/cloudPrint/p${mark}.png`,
          await pagePng(mark),
          `p${mark}.png`,
        )
      ).body.data.url as string;
    const [u1, u2] = [await url(40), await url(300)];
    const r = await client.call(DIST, {
      fun: "hmPrintFile",
      sn: saved.cloud.sn,
      files: [u1, u1, u2, u2].join(","),
      print_type: "ESC",
      phr: 2,
      print_file_type: 1,
    });
    expect(r.body.code).toBe(200);
    const jobs = async () => (await client.call("/api/device/jobs", { sn: saved.cloud.sn })).body.data;
    await expect.poll(async () => (await jobs())[0]?.status, { timeout: 20_000 }).toBe("done");
    const args = readFileSync(join(cups.spool, "args"), "utf8").trim();
    expect(args).toMatch(
      /^-d Label_Queue -n 1 -o media=Custom\.60\.06x30\.03mm -o fit-to-page -- .*page-1\.png .*page-2\.png .*page-3\.png .*page-4\.png$/,
    );
    const pages = readdirSync(cups.spool)
      .filter((f) => f.endsWith(".png"))
      .sort()
      .map((f) => readFileSync(join(cups.spool, f)));
    expect(pages.map(pngDims)).toEqual([
      [480, 240],
      [480, 240],
      [480, 240],
      [480, 240],
    ]);
    // the pages in job order: page 1 twice, then page 2 twice
    expect(pages[0].equals(Buffer.from(await pagePng(40)))).toBe(true);
    expect(pages[1].equals(pages[0])).toBe(true);
    expect(pages[2].equals(Buffer.from(await pagePng(300)))).toBe(true);
    expect(pages[3].equals(pages[2])).toBe(true);

    // unbound on the page: the assistant registers again and shows a new code
    expect((await client.call("/api/device/unbind", { sn: saved.cloud.sn })).body.code).toBe(200);
    await expect.poll(() => settingsOf().cloud.sn !== saved.cloud.sn, { timeout: 20_000 }).toBe(true);
    const next = settingsOf().cloud;
    await expect.poll(() => lines.some((l) => l.includes(next.code))).toBe(true);
    expect(
      (await client.call("/api/device/bind", { sn: next.sn, code: next.code, name: "Again" })).body.code,
    ).toBe(200);
  }, 90_000);
});
