// Document printing says "document content empty" (spec §8 interface texts) for a document with
// nothing to print, before any page is drawn.
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { DOCUMENT_EMPTY, documentEmpty } from "../../src/docprint/limits";

describe("an empty document", () => {
  it("is an empty file, a text file of blanks, or a document of no pages", () => {
    expect(documentEmpty({ size: 0 })).toBe(true);
    expect(documentEmpty({ size: 4, text: " \n\t " })).toBe(true);
    expect(documentEmpty({ size: 900, pageCount: 0 })).toBe(true);
  });
  it("is not a file with something in it", () => {
    expect(documentEmpty({ size: 4, text: "Tea" })).toBe(false);
    expect(documentEmpty({ size: 900, pageCount: 1 })).toBe(false);
    expect(documentEmpty({ size: 900 })).toBe(false);
  });
  it("has its message in the interface", () => {
    expect((en as Record<string, string>)[DOCUMENT_EMPTY]).toBe("Document content empty");
  });
});
