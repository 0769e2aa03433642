// Renaming a cloud file keeps its extension for the user (issue 34): the dialog shows the name
// without it and puts it back.
import { expect, it } from "vitest";
import { baseName, extensionOf, keepExtension } from "../../src/app/pages/cloudData/fileName";

it("renaming products.csv to 'Café catalogue' keeps .csv", () => {
  expect(keepExtension("Café catalogue", "products.csv")).toBe("Café catalogue.csv");
  expect(keepExtension("  Shelf  ", "photo.JPG")).toBe("Shelf.JPG");
});

it("a typed extension is not doubled; a name without one stays as typed", () => {
  expect(keepExtension("Café catalogue.CSV", "products.csv")).toBe("Café catalogue.CSV");
  expect(keepExtension("notes", "README")).toBe("notes");
});

it("the dialog shows the name without its extension", () => {
  expect(baseName("products.csv")).toBe("products");
  expect(baseName("v1.2 prices.xlsx")).toBe("v1.2 prices");
  expect(baseName(".hidden")).toBe(".hidden");
  expect(extensionOf("archive.")).toBe("");
});
