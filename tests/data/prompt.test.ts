import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkPrompt, checkPrompts, PROMPT_MAX_LENGTH, type PromptDef } from "../../src/data/prompt";

const lot: PromptDef = {
  name: "Lot",
  text: "Lot number?",
  type: "text",
  required: true,
  pattern: "[A-Z]{2}\\d{4}",
};
const qty: PromptDef = {
  name: "Qty",
  text: "How many?",
  type: "integer",
  min: "1",
  max: "500",
  default: "10",
};
const weight: PromptDef = { name: "Weight", text: "kg", type: "decimal", min: "0.5", max: "25" };
const packed: PromptDef = { name: "Packed", text: "Packed on", type: "date", min: "2024-01-01" };
const size: PromptDef = {
  name: "Size",
  text: "Size",
  type: "text",
  choices: ["S", "M", "L"],
  minLength: 1,
  maxLength: 1,
};

describe("checkPrompt", () => {
  it("accepts good answers (trimmed) and the default", () => {
    expect(checkPrompt(lot, " AB1234 ")).toEqual({ ok: true, value: "AB1234" });
    expect(checkPrompt(qty, undefined)).toEqual({ ok: true, value: "10" });
    expect(checkPrompt(weight, "2.5")).toEqual({ ok: true, value: "2.5" });
    expect(checkPrompt(packed, "2024-02-29")).toEqual({ ok: true, value: "2024-02-29" });
    expect(checkPrompt(size, "M")).toEqual({ ok: true, value: "M" });
    expect(checkPrompt({ ...size, choices: [] }, "")).toEqual({ ok: true, value: "" });
  });
  it("names the rule an answer broke", () => {
    expect(checkPrompt(lot, "  ")).toMatchObject({
      ok: false,
      rule: "required",
      key: "prompt.error.required",
    });
    expect(checkPrompt(lot, "ab1234")).toMatchObject({ rule: "pattern", vars: { pattern: lot.pattern } });
    expect(checkPrompt(qty, "1.5")).toMatchObject({ rule: "type", key: "prompt.error.integer" });
    expect(checkPrompt(qty, "501")).toMatchObject({ rule: "range", vars: { min: "1", max: "500" } });
    expect(checkPrompt(qty, "0")).toMatchObject({ rule: "range" });
    expect(checkPrompt(weight, "heavy")).toMatchObject({ rule: "type", key: "prompt.error.decimal" });
    expect(checkPrompt(weight, "0.4")).toMatchObject({ rule: "range" });
    expect(checkPrompt(packed, "2024-02-30")).toMatchObject({ rule: "type", key: "prompt.error.date" });
    expect(checkPrompt(packed, "2023-12-31")).toMatchObject({ rule: "range" });
    expect(checkPrompt(size, "XL")).toMatchObject({
      rule: "length",
      key: "prompt.error.maxLength",
      vars: { limit: 1 },
    });
    expect(checkPrompt({ ...size, maxLength: 5 }, "XL")).toMatchObject({
      rule: "choices",
      vars: { choices: "S, M, L" },
    });
    expect(checkPrompt({ ...size, minLength: 3, choices: [] }, "XL")).toMatchObject({
      key: "prompt.error.minLength",
    });
  });
  it("hostile input: a bad or huge pattern and a huge answer are refused, never thrown", () => {
    expect(checkPrompt({ ...lot, pattern: "([" }, "AB1234")).toMatchObject({
      key: "prompt.error.badPattern",
    });
    expect(checkPrompt({ ...lot, pattern: "a".repeat(201) }, "a")).toMatchObject({
      key: "prompt.error.badPattern",
    });
    expect(checkPrompt(lot, "A".repeat(PROMPT_MAX_LENGTH + 1))).toMatchObject({
      rule: "length",
      vars: { limit: PROMPT_MAX_LENGTH },
    });
  });
});

describe("checkPrompts", () => {
  it("gives the values by name, or every problem, including a name no prompt asks", () => {
    expect(checkPrompts([lot, qty], new Map([["Lot", "XY0001"]]))).toEqual({
      ok: true,
      values: new Map([
        ["Lot", "XY0001"],
        ["Qty", "10"],
      ]),
    });
    const r = checkPrompts(
      [lot, qty],
      new Map([
        ["Qty", "x"],
        ["Lto", "AB1234"],
      ]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems.map((p) => [p.name, p.check.rule])).toEqual([
        ["Lot", "required"],
        ["Qty", "type"],
        ["Lto", "unknown"],
      ]);
  });
  it("every message key is in the five locale files", () => {
    const keys = new Set(
      [...readFileSync("src/data/prompt.ts", "utf8").matchAll(/"(prompt\.error\.\w+)"/g)].map((m) => m[1]),
    );
    for (const type of ["text", "integer", "decimal", "date"])
      if (type !== "text") keys.add(`prompt.error.${type}`);
    for (const lang of ["en", "zh", "pt", "es", "ru"]) {
      const messages = JSON.parse(readFileSync(`locales/${lang}.json`, "utf8"));
      for (const k of keys) expect(messages[k], `${lang} ${k}`).toBeTruthy();
    }
  });
});
