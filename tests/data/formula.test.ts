import { describe, expect, it } from "vitest";
import { FORMULA_LIMITS, type FormulaContext, parseFormula, runFormula } from "../../src/data/formula";

// Friday 2024-02-23 14:05:09 local time
const NOW = new Date(2024, 1, 23, 14, 5, 9);
const NAMES: Record<string, string> = {
  Lot: "ab12",
  Qty: "12",
  Price: "2.50",
  "Best before": "2024-03-01",
  批号: "L7",
};
const ctx = (over: Partial<FormulaContext> = {}): FormulaContext => ({
  lookup: (n) => NAMES[n],
  now: NOW,
  region: 1,
  ...over,
});
const run = (f: string, c = ctx()) => {
  const r = runFormula(f, c);
  if (!r.ok) throw new Error(`${f}: ${r.error.key} at ${r.error.pos}`);
  return r.value;
};
const fail = (f: string, c = ctx()) => {
  const r = runFormula(f, c);
  if (r.ok) throw new Error(`${f} gave ${r.value}`);
  return r.error;
};

describe("formula text", () => {
  it("concatenates with & and keeps + for numbers", () => {
    expect(run(`"LOT-" & upper(Lot)`)).toBe("LOT-AB12");
    expect(run(`Qty & 1`)).toBe("121");
    expect(run(`Qty + 1`)).toBe("13");
    expect(fail(`Lot + 1`).key).toBe("formula.error.notNumber");
  });
  it("substring, padding, case, trim, replace, length", () => {
    expect(run(`mid("ABCDEF", 2, 3)`)).toBe("BCD");
    expect(run(`mid("ABCDEF", 4)`)).toBe("DEF");
    expect(run(`left("ABCDEF", 2) & right("ABCDEF", 2)`)).toBe("ABEF");
    expect(run(`padLeft(Qty, 6)`)).toBe("000012");
    expect(run(`padRight("A", 3, ".")`)).toBe("A..");
    expect(run(`lower("ÀB") & trim("  x ")`)).toBe("àbx");
    expect(run(`replace("a-b-c", "-", "/")`)).toBe("a/b/c");
    expect(run(`len("批号12")`)).toBe("4");
  });
  it("quotes inside text are doubled; names in brackets may hold spaces; any script is a name", () => {
    expect(run(`'it''s' & " ""x"""`)).toBe(`it's "x"`);
    expect(run(`[Best before]`)).toBe("2024-03-01");
    expect(run(`批号 & "-1"`)).toBe("L7-1");
  });
});

describe("formula numbers", () => {
  it("arithmetic with precedence and unary minus", () => {
    expect(run(`1 + 2 * 3 - -4`)).toBe("11");
    expect(run(`(1 + 2) * 3 % 4`)).toBe("1");
    expect(run(`Price * Qty`)).toBe("30");
    expect(run(`0.1 + 0.2`)).toBe("0.3");
  });
  it("formats numbers", () => {
    expect(run(`fixed(Price, 2)`)).toBe("2.50");
    expect(run(`fixed(1234567.891, 2, 1)`)).toBe("1,234,567.89");
    expect(run(`round(1.005, 2)`)).toBe("1.01");
    expect(run(`floor(2.7) & ceil(2.1) & abs(-3)`)).toBe("233");
    expect(run(`max(1, Qty, 3) - min(4, 5)`)).toBe("8");
  });
  it("comparisons and conditionals", () => {
    expect(run(`if(Qty > 9, "many", "few")`)).toBe("many");
    expect(run(`if(Qty = "012", "same", "differs")`)).toBe("differs");
    expect(run(`if(Qty = 12, "y", "n")`)).toBe("y");
    expect(run(`if(Lot <> "ab12", "y", "n") & if(and(1, not(0)), "T") & if(or(0, ""), "T", "F")`)).toBe(
      "nTF",
    );
    expect(run(`if(isEmpty(" "), "empty")`)).toBe("empty");
    // only the chosen branch is evaluated
    expect(run(`if(1, "ok", 1 / 0)`)).toBe("ok");
  });
});

describe("formula dates", () => {
  it("today() and now() with offsets", () => {
    expect(run(`today() + 30`)).toBe("2024/03/24");
    expect(run(`today() + 30 days`)).toBe("2024/03/24");
    expect(run(`addDays(today(), 30)`)).toBe("2024/03/24");
    expect(run(`today() - 1 week`)).toBe("2024/02/16");
    expect(run(`now() + 2 hours`)).toBe("2024/02/23 16:05:09");
    expect(run(`date(2024, 1, 31) + 1 month`)).toBe("2024/02/29");
    expect(run(`addYears(date(2024, 2, 29), 1)`)).toBe("2025/02/28");
    expect(run(`[Best before] - today()`)).toBe("7");
    expect(run(`if([Best before] > today(), "fresh")`)).toBe("fresh");
  });
  it("formats dates in the label's language", () => {
    expect(run(`formatDate(today() + 30 days, "dd MMMM yyyy, dddd")`)).toBe("24 March 2024, Sunday");
    expect(run(`formatDate(today(), "yyyy年M月d日 dddd")`, ctx({ region: 0 }))).toBe("2024年2月23日 星期五");
    expect(run(`year(today()) & "-" & month([Best before]) & "-" & day(today())`)).toBe("2024-3-23");
    expect(fail(`date(2023, 2, 29)`).key).toBe("formula.error.badDate");
    expect(fail(`addDays("soon", 1)`).key).toBe("formula.error.notDate");
  });
});

describe("formula check digits", () => {
  it("mod10 (Luhn), mod43 (Code 39) and GS1", () => {
    expect(run(`mod10("7992739871")`)).toBe("3");
    expect(run(`mod43("CODE 39")`)).toBe("R"); // 12+24+13+14+38+3+9 = 113, 113 mod 43 = 27
    expect(run(`"400638133393" & gs1("400638133393")`)).toBe("4006381333931");
    expect(fail(`gs1("12a")`).key).toBe("formula.error.digitsOnly");
    expect(fail(`mod43("a")`)).toMatchObject({ key: "formula.error.code39Char", vars: { char: "a" } });
  });
});

describe("formula errors", () => {
  it("report a key and the 1-based column", () => {
    expect(fail(`1 / (Qty - 12)`)).toMatchObject({ key: "formula.error.divisionByZero", pos: 3 });
    expect(fail(`5 % 0`).key).toBe("formula.error.divisionByZero");
    expect(fail(`"abc`)).toMatchObject({ key: "formula.error.unclosedText", pos: 1 });
    expect(fail(`[Lot`)).toMatchObject({ key: "formula.error.unclosedName", pos: 1 });
    expect(fail(`1 + `)).toMatchObject({ key: "formula.error.unexpectedEnd", pos: 5 });
    expect(fail(`1 2`)).toMatchObject({ key: "formula.error.unexpected", pos: 3, vars: { found: "2" } });
    expect(fail(`upper("a"`)).toMatchObject({ key: "formula.error.expected", vars: { wanted: ")" } });
    expect(fail(`x # 1`)).toMatchObject({ key: "formula.error.badCharacter", pos: 3, vars: { char: "#" } });
    expect(fail(`"a" & Missing`)).toMatchObject({
      key: "formula.error.unknownName",
      pos: 7,
      vars: { name: "Missing" },
    });
    expect(fail(`shout("a")`)).toMatchObject({
      key: "formula.error.unknownFunction",
      vars: { name: "shout" },
    });
    expect(fail(`upper()`)).toMatchObject({
      key: "formula.error.arguments",
      vars: { name: "upper", count: 1 },
    });
    expect(fail(`3 days`).key).toBe("formula.error.durationAlone");
    expect(fail(`1e308 * 10`).key).toBe("formula.error.notFinite");
    expect(fail(`today() > 3`).key).toBe("formula.error.compareDate");
  });
  it("function names cannot reach object internals", () => {
    expect(fail(`constructor("a")`).key).toBe("formula.error.unknownFunction");
    expect(fail(`__proto__()`).key).toBe("formula.error.unknownFunction");
    expect(fail(`toString`).key).toBe("formula.error.unknownName");
  });
});

describe("hostile formulas", () => {
  it("deep nesting is refused with a message, not a stack overflow", () => {
    const deep = `${"(".repeat(5000)}1${")".repeat(5000)}`;
    expect(fail(deep).key).toBe("formula.error.tooLong");
    const nested = `${"(".repeat(500)}1${")".repeat(500)}`;
    expect(fail(nested).key).toBe("formula.error.tooDeep");
    expect(fail(`${"-".repeat(900)}1`).key).toBe("formula.error.tooDeep");
    expect(fail(Array(300).fill("1").join("+")).key).toBe("formula.error.tooDeep");
    expect(run(`${"(".repeat(50)}1${")".repeat(50)}`)).toBe("1");
    expect(run(Array(50).fill("1").join("+"))).toBe("50");
  });
  it("huge texts are refused, not built", () => {
    expect(fail(`padLeft("x", 1000000000)`)).toMatchObject({
      key: "formula.error.textTooLong",
      vars: { limit: FORMULA_LIMITS.text },
    });
    const big = "y".repeat(6000);
    expect(fail(`Big & Big`, ctx({ lookup: () => big })).key).toBe("formula.error.textTooLong");
    expect(fail("1".repeat(FORMULA_LIMITS.length + 1)).key).toBe("formula.error.tooLong");
  });
  it("parses once and evaluates per record", () => {
    const tree = parseFormula(`padLeft(Qty, 4)`);
    expect(tree.ok).toBe(true);
  });
});

describe("formula messages", () => {
  it("every error key the module can give is in the five locale files", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const dir = "src/data/formula";
    const keys = new Set<string>();
    for (const f of readdirSync(dir))
      for (const m of readFileSync(`${dir}/${f}`, "utf8").matchAll(/"(formula\.error\.\w+)"/g))
        keys.add(m[1]);
    expect(keys.size).toBeGreaterThan(20);
    for (const lang of ["en", "zh", "pt", "es", "ru"]) {
      const messages = JSON.parse(readFileSync(`locales/${lang}.json`, "utf8"));
      for (const k of keys) expect(messages[k], `${lang} ${k}`).toBeTruthy();
    }
  });
});
