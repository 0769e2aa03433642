// The one list of the home shell's navigation entries: areas, routed paths only, and every page of
// the home shell reachable from it.
import { describe, expect, it } from "vitest";
import { NAV_ENTRIES, PURCHASE_RECORD_PATHS, routedNav } from "../../src/app/nav/navEntries";
import { routedTools } from "../../src/app/nav/toolEntries";
import { HOME_ROUTE } from "../../src/app/pageLinks";
import { routeExists } from "../../src/app/router/routeExists";
import { routes } from "../../src/app/router/routes";

const ids = (area: "bar" | "user", exists: (p: string) => boolean) =>
  routedNav(area, exists).map((e) => e.id);

describe("routedNav", () => {
  it("lists only the entries of the area whose page is routed", () => {
    const routed = new Set(["/index", "/cloudData", "/user", "/dataRecovery"]);
    const exists = (p: string) => routed.has(p);
    expect(ids("bar", exists)).toEqual(["home", "cloudData"]);
    // the settings are sections of the personal centre
    expect(ids("user", exists)).toEqual(["user", "dataRecovery", "printSettings", "moreSettings"]);
    expect(routedNav("user", exists).find((e) => e.id === "printSettings")?.to).toBe("/user#print-settings");
  });
  it("shows the membership entries only where membership is sold", () => {
    const exists = (p: string) => p === "/member" || p === "/expansion";
    expect(ids("user", exists)).toEqual(["member", "expansion"]);
    expect(routedNav("user", exists, false)).toEqual([]);
    // not known yet: nothing member-ish shown
    expect(routedNav("user", exists, null)).toEqual([]);
  });
  it("links the purchase records under the member centre, only where membership is sold", () => {
    const routed = (p: string) => p === PURCHASE_RECORD_PATHS[0];
    expect(routedNav("user", routed)).toEqual([
      expect.objectContaining({ id: "purchaseRecords", to: "/member/purchaseRecords" }),
    ]);
    expect(routedNav("user", routed, false)).toEqual([]);
  });
  it("shows the print station only in a team's space", () => {
    const exists = (p: string) => p === "/station";
    expect(ids("user", exists)).toEqual([]);
    expect(routedNav("user", exists, true, true)).toEqual([
      expect.objectContaining({ id: "station", to: "/station" }),
    ]);
  });
  it("has one entry per id", () => {
    expect(new Set(NAV_ENTRIES.map((e) => e.id)).size).toBe(NAV_ENTRIES.length);
  });
});

describe("the app's routes", () => {
  it("link the routed pages in their areas and hide the others", () => {
    expect(ids("bar", routeExists)).toContain("home");
    expect(ids("bar", routeExists)).toContain("cloudTemplate");
    expect(ids("user", routeExists)).toContain("user");
    expect(ids("user", routeExists)).toContain("printRecord");
    expect(ids("user", routeExists)).toContain("purchaseRecords");
    const linked = [...routedNav("bar", routeExists), ...routedNav("user", routeExists)];
    for (const e of linked) expect(routeExists(e.to), e.to).toBe(true);
    const hidden = NAV_ENTRIES.filter((e) => !e.paths.some(routeExists)).map((e) => e.id);
    for (const id of hidden) expect(linked.map((e) => e.id)).not.toContain(id);
  });
  it("every page of the home shell has a navigation entry", () => {
    // the home shell is the pathless layout route whose children include the home page
    const shell = routes[0].children?.find((r) => r.children?.some((c) => `/${c.path}` === HOME_ROUTE));
    const pages = (shell?.children ?? []).map((c) => `/${c.path}`);
    expect(pages.length).toBeGreaterThan(5);
    const navPaths = NAV_ENTRIES.flatMap((e) => e.paths);
    for (const p of pages) expect(navPaths, p).toContain(p);
  });
});

describe("the online tools area (spec §2)", () => {
  it("is an entry of the bar, routed, and its page lists only the tools whose page is routed", () => {
    expect(ids("bar", routeExists)).toContain("tools");
    const only = (p: string) => p === "/pdfPrint" || p === "/download";
    expect(routedTools(only, "Label 1").map((e) => e.id)).toEqual(["pdfPrint", "download"]);
    expect(routedTools(() => false, "Label 1")).toEqual([]);
  });
  it("links document printing, picture to label, scan to print and the print assistant, each to a routed page", () => {
    const tools = routedTools(routeExists, "Label 1");
    expect(tools.map((e) => e.id)).toEqual(["pdfPrint", "pictureToLabel", "scanToPrint", "download"]);
    for (const e of tools) expect(routeExists(e.href.split("?")[0]), e.href).toBe(true);
    // the editor tools open on a new label with the tool named in the query
    const ai = tools.find((e) => e.id === "pictureToLabel")?.href ?? "";
    expect(new URLSearchParams(ai.split("?")[1]).get("tool")).toBe("ai");
    expect(new URLSearchParams(ai.split("?")[1]).get("labelStatus")).toBe("add");
    expect(new URLSearchParams(tools[2].href.split("?")[1]).get("tool")).toBe("scan");
  });
});
