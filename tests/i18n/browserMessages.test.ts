// The web app's messages (issue 41): one language per page. messages.browser.ts (swapped in for
// messages.ts by the Vite build) holds no language until one is loaded, then only that one.
import { describe, expect, it } from "vitest";
import { loadMessages, RESOURCES, translate } from "../../src/i18n/messages.browser";

describe("messages.browser", () => {
  it("loads only the language asked for, and translates with it", async () => {
    expect(Object.keys(RESOURCES)).toEqual([]);
    expect(translate("cli.error.missingOut", {}, "zh")).toBe("cli.error.missingOut");
    const zh = await loadMessages("zh");
    expect(Object.keys(RESOURCES)).toEqual(["zh"]);
    expect(translate("cli.error.missingOut", {}, "zh")).toBe(zh["cli.error.missingOut"]);
    expect(zh["cli.error.missingOut"]).toMatch(/\p{Script=Han}/u);
    // fetched once
    expect(await loadMessages("zh")).toBe(zh);
  });

  it("the Vite build swaps it in for messages.ts", async () => {
    const config = (await import("../../vite.config")).default as { resolve?: { alias?: unknown } };
    const alias = (config.resolve?.alias ?? []) as { find: RegExp; replacement: string }[];
    const swap = (spec: string) => {
      for (const a of alias) if (a.find.test(spec)) return spec.replace(a.find, a.replacement);
      return spec;
    };
    expect(swap("../../i18n/messages")).toBe("../../i18n/messages.browser");
    expect(swap("../i18n/messages")).toBe("../i18n/messages.browser");
    expect(swap("../i18n/language")).toBe("../i18n/language");
  });
});
