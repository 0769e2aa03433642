// Versions and approval in a team (issue 40, "Done when" as far as approval goes), with three
// accounts in three browsers: the owner turns "needs approval" on for the team's folder; the
// designer saves v2 in the editor (a draft); the operator prints through the print API and the
// app's open-for-print and gets v1; the owner compares v1 and v2 side by side and approves v2; the
// operator now gets v2; the operator's print records show v2 and v1; the operator cannot open the
// editor (a translated message sends them to the team's labels) nor change a template through the
// API.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import * as h from "../export/helpers";
import {
  type ApiAnswer,
  apiPost,
  appUrl,
  launchBrowser,
  openSignedInEditor,
  type RunningApp,
  screenshot,
  startApp,
  waitForTexts,
  waitForToast,
} from "../support";

const t = en as Record<string, string>;
type Who = "owner" | "designer" | "operator";
let app: RunningApp;
let browser: Browser;
const pages = {} as Record<Who, Page>;
const accounts = {} as Record<Who, string>;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  for (const who of ["owner", "designer", "operator"] as const) {
    const opened = await openSignedInEditor(browser, app.baseUrl);
    pages[who] = opened.page;
    accounts[who] = opened.user.account;
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail")
    for (const who of Object.keys(pages) as Who[]) await screenshot(pages[who], `approval-fail-${who}`);
});

/** A JSON call in the page's current space (the app's X-Inkless-Space header). */
function spacePost(page: Page, path: string, body: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ([path, body]) => {
      const space = JSON.parse(localStorage.getItem("inkless.space") ?? "null")?.id ?? "";
      const r = await fetch(`/interface${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-inkless-space": space },
        body: JSON.stringify(body),
      });
      return r.json();
    },
    [path, body] as const,
  );
}

/** Uploads a label file into the current space's files; its URL. */
async function spaceUpload(page: Page, name: string, xml: string): Promise<string> {
  const token = await spacePost(page, "/api/tem.app_shared/getToken", { bucket: "hm-inkless" });
  const answer = await page.evaluate(
    async ([token, key, xml]) => {
      const form = new FormData();
      form.set("token", token);
      form.set("key", key);
      form.set("file", new Blob([xml]), "label.tprt");
      return (await fetch("/interface/upload", { method: "POST", body: form })).json();
    },
    [token.data as string, `${token.prefix}tprt/e2e/${name}`, xml] as const,
  );
  expect(answer.code).toBe(200);
  return answer.data.url;
}

/** Makes the team the page's current space (as the header's space switch does). */
async function enterTeam(page: Page, space: { id: string; name: string; role: string }) {
  await page.evaluate((s) => localStorage.setItem("inkless.space", JSON.stringify(s)), space);
}

/** What the print station's dialog shows for `name` (the preview's drawing, once it is drawn). */
async function stationPreview(page: Page, baseUrl: string, name: string): Promise<string> {
  await page.goto(appUrl(baseUrl, "/station"));
  await page.getByTestId("station-tile").filter({ hasText: name }).click();
  const preview = page.getByTestId("print-preview");
  await preview.waitFor();
  await page.waitForFunction(() => {
    const p = document.querySelector('[data-testid="print-preview"]');
    return !!p && p.getAttribute("aria-busy") !== "true" && !!p.querySelector("svg");
  });
  return (await preview.innerHTML()) ?? "";
}

const LABEL =
  '<?xml version="1.0" encoding="UTF-8"?><LabelFile><FileInfo><Width>40</Width><Height>30</Height></FileInfo><ObjectList/></LabelFile>';
const NAME = "Crate";

describe("team approval", () => {
  it("a designer's v2 waits for the owner; the operator prints v1, then v2 once approved", async () => {
    const { owner, designer, operator } = pages;
    // the owner makes the team and invites a designer and an operator (by link)
    const team = (await apiPost(owner, "/api/team/create", { name: "Dock" })).data;
    for (const [who, role] of [
      ["designer", "designer"],
      ["operator", "operator"],
    ] as const) {
      const link = await apiPost(owner, "/api/team/inviteLink", { id: team.id, role, days: 1 });
      const token = new URL(link.data.url).searchParams.get("token");
      expect((await apiPost(pages[who], "/api/team/accept", { token })).code).toBe(200);
      await enterTeam(pages[who], { id: team.id, name: "Dock", role });
    }
    await enterTeam(owner, { id: team.id, name: "Dock", role: "owner" });

    // v1, saved by the owner; the owner turns approval on for the team's folder in /cloudTemplate
    const v1 = await spaceUpload(owner, "v1.tprt", LABEL);
    const added = await spacePost(owner, "/api/tem.app_public/addUserTemplate", {
      name: NAME,
      width: 40,
      height: 30,
      url: v1,
    });
    expect(added.code).toBe(200);
    const id = added.data.id as string;
    await owner.goto(appUrl(app.baseUrl, "/cloudTemplate"));
    const toggle = owner.getByRole("checkbox", { name: t["app.approval.folderToggle"] });
    await toggle.waitFor();
    const set = owner.waitForResponse((r) => r.url().includes("/setFolderApproval"));
    await toggle.click(); // a controlled box: it shows checked once the server answered
    expect((await (await set).json()).code).toBe(200);
    await owner.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[data-testid="folder-approval"]')?.checked === true,
    );

    // the designer sees that the folder needs approval, opens the label and saves v2 (a Text added)
    await designer.goto(appUrl(app.baseUrl, "/cloudTemplate"));
    await designer.getByTestId("folder-needs-approval").waitFor();
    await designer.getByRole("button", { name: `Open ${NAME} in the editor`, exact: true }).click();
    await designer.waitForURL(/\/label\/editLabel\?/);
    await h.labelOpened(designer);
    await h.addElement(designer, "Text");
    await designer.getByTestId("panel-text").fill("Fragile");
    const saved = designer.waitForResponse((r) => r.url().includes("/editUserTemplate"));
    await designer.getByTestId("panel-text").press("Control+s");
    expect((await (await saved).json()).code).toBe(200);

    // the operator prints through the print API (their own token, the team's printer) and opens
    // the label for print: both get v1
    const device = (await spacePost(owner, "/api/device/bind", { name: "Dock 1" })).data;
    const apiToken = (
      await apiPost(operator, "/api/token/create", { name: "WMS", scopes: ["print"], days: 7 })
    ).data.token;
    const print = async () =>
      (
        await fetch(new URL("/interface/api/v1/print", app.baseUrl), {
          method: "POST",
          headers: {
            authorization: `Bearer ${apiToken}`,
            "content-type": "application/json",
            "x-inkless-space": team.id,
          },
          body: JSON.stringify({ template_id: id, records: [{}], target: device.sn }),
        })
      ).json();
    expect(await print()).toMatchObject({ code: 200, data: { version: 1 } });
    // the print station's tile prints v1: no "Fragile" in its preview
    expect(await stationPreview(operator, app.baseUrl, NAME)).not.toContain("Fragile");
    expect(
      (await spacePost(operator, "/api/tem.app_public/getPrintableTemplate", { id })).data,
    ).toMatchObject({
      number: 1,
      file_web: v1,
    });

    // the owner: v2 is a draft; v1 and v2 side by side with what changed; approve v2
    await owner.reload();
    await owner.getByRole("button", { name: `Versions of template ${NAME}`, exact: true }).click();
    const dialog = owner.getByTestId("versions-dialog");
    const rows = dialog.getByTestId("template-version");
    await rows.nth(1).waitFor();
    await waitForTexts(owner, "version-status", [t["app.approval.status.draft"]]);
    await dialog.getByRole("checkbox", { name: "Compare version 1" }).check();
    await dialog.getByRole("checkbox", { name: "Compare version 2" }).check();
    await dialog.getByTestId("versions-compare").click();
    const compare = dialog.getByTestId("version-compare");
    await compare.getByRole("heading", { name: "Changes from version 1 to version 2" }).waitFor();
    await compare.getByTestId("compare-older").waitFor();
    await compare.getByTestId("compare-newer").waitFor();
    await compare.getByTestId("compare-added").first().waitFor();
    expect(await compare.getByTestId("compare-added").first().textContent()).toMatch(/^Added: .+ \(Text\)$/);
    await screenshot(owner, "team-approval-compare");
    await dialog.getByRole("button", { name: "Approve version 2", exact: true }).click();
    await waitForToast(owner, "Version 2 approved");
    await waitForTexts(owner, "version-status", []);

    // the operator now gets v2 (the station too), and the print records name both versions
    expect(await print()).toMatchObject({ code: 200, data: { version: 2 } });
    expect(await stationPreview(operator, app.baseUrl, NAME)).toContain("Fragile");
    await operator.goto(appUrl(app.baseUrl, "/printRecord"));
    await waitForTexts(operator, "print-record-version", ["v2", "v1"]);
    await screenshot(operator, "team-approval-records");

    // the operator cannot open the editor: told why, and sent to the team's labels
    await operator.goto(appUrl(app.baseUrl, "/editLabel?labelStatus=add"));
    const refused = operator.getByTestId("editor-refused");
    await refused.getByRole("heading", { name: t["app.approval.editorRefusedTitle"] }).waitFor();
    expect(await refused.getByRole("alert").textContent()).toContain("In the team Dock you are Operator");
    await screenshot(operator, "team-approval-editor-refused");
    await refused.getByRole("link", { name: t["app.approval.editorRefusedGo"] }).click();
    await operator.waitForURL(/\/label\/cloudTemplate/);

    // nor change a template through the API
    const url = await spaceUpload(designer, "v9.tprt", LABEL);
    for (const [path, body] of [
      ["/api/tem.app_public/editUserTemplate", { id, name: NAME, width: 40, height: 30, url, base_file: v1 }],
      ["/api/tem.app_public/editUserTemplate", { id, name: "Renamed" }],
      ["/api/tem.app_public/restoreTemplateVersion", { id, number: 1 }],
      ["/api/tem.app_public/reviewTemplateVersion", { id, number: 2, approve: 0 }],
    ] as const)
      expect([path, (await spacePost(operator, path, body)).code]).toEqual([path, 403]);

    // the team's activity lists it all: who saved, approved and printed which version
    const log = await owner.evaluate(
      async (id) => (await (await fetch(`/interface/api/team/audit?id=${id}&size=200`)).json()).data,
      team.id,
    );
    const seen = (log as { member: string; action: string; detail: string }[]).map((e) => [
      e.member,
      e.action,
      e.detail,
    ]);
    expect(seen).toEqual(
      expect.arrayContaining([
        [accounts.owner, "template.saved", "v1"],
        [accounts.designer, "template.saved", "v2"],
        [accounts.owner, "template.approved", "v2"],
        [accounts.operator, "label.printed", expect.stringMatching(/^v1 · /)],
        [accounts.operator, "label.printed", expect.stringMatching(/^v2 · /)],
      ]),
    );
  }, 300_000);
});
