// The print dialog's darkness and speed for one job (issue 37): the printer's own values, as the
// assistant keeps them, are shown in the "as the printer is set" choice, so the user sees what a job
// left alone prints with (server-side markup in English).
import i18next from "i18next";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { JobSettingsFields } from "../../src/editor/print/JobSettingsFields";
import type { JobSettings } from "../../src/print/settings";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: "en",
    resources: { en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
});

const markup = (own: JobSettings | undefined, settings: JobSettings = {}) =>
  renderToStaticMarkup(
    h(
      I18nextProvider,
      { i18n },
      h(JobSettingsFields, { language: "ZPL", settings, own, onChange: () => undefined }),
    ),
  );

/** The first option (the printer's own setting) of the field named `testId`. */
const firstOption = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*><option value=""[^>]*>([^<]*)</option>`).exec(html)?.[1];

describe("the print dialog's job settings", () => {
  it("name the printer's own darkness and speed in 'as the printer is set'", () => {
    const html = markup({ darkness: 22, speed: 4 });
    expect(firstOption(html, "print-job-darkness")).toBe("As the printer is set (22)");
    expect(firstOption(html, "print-job-speed")).toBe("As the printer is set (4)");
  });

  it("say only 'as the printer is set' when the printer's value is not known", () => {
    const html = markup({ speed: 6 });
    expect(firstOption(html, "print-job-darkness")).toBe("As the printer is set");
    expect(firstOption(html, "print-job-speed")).toBe("As the printer is set (6)");
    expect(firstOption(markup(undefined), "print-job-speed")).toBe("As the printer is set");
  });
});
