// Food: nutrition panels, best-before stickers, deli labels with ingredients, bakery labels.
import { BARCODE, EAN13_WIDTH, ean13, type Industry, template } from "./build";

export const food: Industry = {
  id: "food",
  templates: [
    template("nutrition-facts", 60, 90, (b) => {
      b.text(3, 2.5, 54, "Nutrition Information", { size: 11, bold: true });
      b.text(3, 8, 54, "Servings per pack: 4 | Serving size: 50 g", { size: 6.5 });
      b.table(
        3,
        12.5,
        [24, 15, 15],
        [5, 5, 5, 5, 5, 5, 5, 5, 5, 5],
        [
          ["", "Per serving", "Per 100 g"],
          ["Energy", "820 kJ", "1640 kJ"],
          ["Protein", "4.1 g", "8.2 g"],
          ["Fat, total", "7.5 g", "15.0 g"],
          ["- saturated", "1.2 g", "2.4 g"],
          ["Carbohydrate", "28.0 g", "56.0 g"],
          ["- sugars", "6.3 g", "12.6 g"],
          ["Dietary fibre", "3.0 g", "6.0 g"],
          ["Sodium", "180 mg", "360 mg"],
          ["Salt", "0.45 g", "0.9 g"],
        ],
        { size: 6.5, boldRows: [0] },
      );
      b.text(3, 65, 54, "Ingredients: rolled oats, honey, almonds (12%), sunflower oil, raisins, sea salt.", {
        size: 6.5,
        lines: 3,
      });
      b.text(3, 75, 54, "Contains: almonds. May contain: milk, peanuts.", {
        size: 6.5,
        bold: true,
        lines: 2,
      });
      b.text(3, 83, 54, "Store in a cool, dry place.", { size: 6.5 });
    }),
    template("best-before", 50, 30, (b) => {
      b.text(2, 2, 46, "Fresh Basil Pesto", { size: 10, bold: true });
      b.date(2, 8, 46, { size: 8, prefix: "Made: " });
      b.box(2, 12.5, 46, 6.5, { fill: true, pen: 0 });
      b.date(2, 13, 46, { size: 9, bold: true, prefix: "BEST BEFORE ", days: 5, inverse: true, align: 0 });
      b.barcode(2, 20.5, 30, 8.5, "LOT2411-07", BARCODE.code128, { text: 0 });
      b.text(33, 22.5, 15, "LOT2411-07", { size: 5.5, align: 2 });
    }),
    template("deli-label", 70, 50, (b) => {
      b.text(3, 2.5, 64, "Roast Chicken & Avocado Wrap", { size: 11, bold: true });
      b.text(
        3,
        8.5,
        64,
        "Ingredients: wheat tortilla (wheat flour, water, rapeseed oil), roast chicken (28%), avocado, lettuce, tomato, mayonnaise (egg, mustard), salt, black pepper.",
        { size: 6.5, lines: 5 },
      );
      b.text(3, 23, 64, "Allergens: wheat, egg, mustard.", { size: 7, bold: true });
      b.line(3, 27.5, 67, 27.5, 0.3);
      b.text(3, 29, 25, "Net weight 240 g", { size: 7 });
      b.date(3, 33, 25, { size: 6.5, prefix: "Use by ", days: 2 });
      b.text(3, 37.5, 25, "Keep at 0-5 °C", { size: 6 });
      b.text(3, 42, 25, "$7.50", { size: 13, bold: true });
      b.barcode(28.5, 29, EAN13_WIDTH, 18, ean13("200412007504"), BARCODE.ean13);
    }),
    template("bakery", 50, 40, (b) => {
      b.text(2, 2, 46, "Sourdough Rye Loaf", { size: 10, bold: true, align: 0 });
      b.text(2, 7.5, 46, "Rye flour, wheat flour, water, sea salt, caraway.", {
        size: 6.5,
        lines: 2,
        align: 0,
      });
      b.text(2, 14, 46, "Contains: wheat, rye (gluten).", { size: 6.5, bold: true, align: 0 });
      b.date(2, 18.5, 46, { size: 7, prefix: "Baked ", align: 0 });
      b.barcode((50 - EAN13_WIDTH) / 2, 23, EAN13_WIDTH, 15, ean13("200561004205"), BARCODE.ean13);
    }),
  ],
};
