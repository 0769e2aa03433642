// Byte counts (cloud space on the home page, cloud data files) in the interface language: its unit
// names and its decimal mark.
import { expect, it } from "vitest";
import i18n from "../../src/app/i18n";
import { bytesText } from "../../src/app/settings/bytesText";

const inLang = (lng: string, bytes: number) => bytesText(i18n.getFixedT(lng), bytes);

it("counts in B, KB, MB, GB (1024-based, one decimal above bytes)", () => {
  expect(inLang("en", 0)).toBe("0 B");
  expect(inLang("en", 1023)).toBe("1,023 B");
  expect(inLang("en", 1536)).toBe("1.5 KB");
  expect(inLang("en", 500 * 1024 * 1024)).toBe("500 MB");
  expect(inLang("en", 3 * 1024 ** 3)).toBe("3 GB");
  expect(inLang("en", Number.NaN)).toBe("0 B");
});

it("follows the language: Russian unit names, a decimal comma in Russian, Portuguese and Spanish", () => {
  expect(inLang("ru", 0)).toBe("0 Б");
  expect(inLang("ru", 1536)).toBe("1,5 КБ");
  expect(inLang("ru", 500 * 1024 * 1024)).toBe("500 МБ");
  expect(inLang("pt", 1536)).toBe("1,5 KB");
  expect(inLang("es", 2.25 * 1024 * 1024)).toBe("2,3 MB");
  expect(inLang("zh", 1536)).toBe("1.5 KB");
});
