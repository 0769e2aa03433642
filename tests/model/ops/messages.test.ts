import { describe, expect, it } from "vitest";
import { NUM_FIELDS } from "../../../machines/labelSettings.machine";
import { RESOURCES } from "../../../src/i18n/messages";
import { LANGUAGES } from "../../../src/model";
import { MSG } from "../../../src/model/ops";

const LABEL_SETTINGS_KEYS = [
  "tip.tip30",
  "tip.tip31",
  "tip.tip39",
  "tip.tip41",
  "tip.tip42",
  "editor.labelSettings.notNumber",
  "editor.labelSettings.notInteger",
  "editor.labelSettings.outOfRange",
  ...NUM_FIELDS.map((f) => `editor.labelSettings.${f}`),
];

describe("messages of the editor behaviour layer", () => {
  it("exist in all five languages, translated", () => {
    const keys = [...Object.values(MSG), ...LABEL_SETTINGS_KEYS];
    for (const lang of LANGUAGES) {
      for (const key of keys) {
        const text = RESOURCES[lang][key];
        expect(text, `${lang} ${key}`).toBeTruthy();
        if (lang !== "en") {
          expect(text, `${lang} ${key} is not translated`).not.toBe(RESOURCES.en[key]);
        }
      }
    }
  });
});
