// The industry template search (issue 34): it looks through every industry, not only the open one,
// and in what the templates print, not only their names.
import { expect, it } from "vitest";
import { filterTemplates, type IndustryTemplate } from "../../src/app/api/industry";

const tpl = (id: string, industry: string, name: string, words: string): IndustryTemplate => ({
  id,
  industry,
  name,
  words,
  width: 50,
  height: 30,
  file: `/files/${id}.tprt`,
  image: "",
  classId: "",
  updated: "",
});
const ALL = [
  tpl("nutrition", "food", "Nutrition facts", "Ingredients: rolled oats, honey Store in a cool, dry place."),
  tpl("price", "retail", "Price tag", "Organic honey 4.99"),
  tpl("parcel", "logistics", "Parcel label", "SSCC Ship to"),
];
const ids = (xs: IndustryTemplate[]) => xs.map((x) => x.id);

it("without a search: the open industry's templates, or all", () => {
  expect(ids(filterTemplates(ALL, "retail", ""))).toEqual(["price"]);
  expect(ids(filterTemplates(ALL, "", " "))).toEqual(["nutrition", "price", "parcel"]);
});

it("a search finds printed words in every industry, whichever is open", () => {
  expect(ids(filterTemplates(ALL, "logistics", "HONEY"))).toEqual(["nutrition", "price"]);
  expect(ids(filterTemplates(ALL, "food", "ship to"))).toEqual(["parcel"]);
  expect(ids(filterTemplates(ALL, "food", "price tag"))).toEqual(["price"]);
  expect(filterTemplates(ALL, "", "nothing like this")).toEqual([]);
});
