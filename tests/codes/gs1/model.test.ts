// The GS1 model: AI rules (length, character set 82, check digits, dates), element strings with
// their FNC1/GS placement, the human-readable line and Digital Link URIs. bwip-js's own GS1 linter
// (BWIPP gs1process) is the independent judge of which values are valid.
import { beforeAll, describe, expect, it } from "vitest";
import { type BwipApi, loadBwip } from "../../../src/codes/bwip";
import {
  aiSpec,
  checkAiValue,
  digitalLinkUri,
  fnc1Input,
  GS,
  GS1_AIS,
  humanReadable,
  parseElementString,
  readElementString,
  transmittedData,
  writeElementString,
} from "../../../src/codes/gs1";
import { CodeError } from "../../../src/codes/types";
import { translate } from "../../../src/i18n/messages";

function codeErr(f: () => unknown): CodeError {
  try {
    f();
  } catch (e) {
    if (e instanceof CodeError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("AI table", () => {
  it("offers the AIs of the brief", () => {
    for (const ai of ["00", "01", "10", "11", "15", "17", "20", "21", "30", "37", "3100", "3105", "400"])
      expect(aiSpec(ai), ai).toBeDefined();
    for (const ai of ["410", "411", "412", "413", "414", "8200"]) expect(aiSpec(ai), ai).toBeDefined();
    expect(aiSpec("3106")).toBeUndefined();
    expect(aiSpec("99")).toBeUndefined();
  });
  it("names every AI in every language", () => {
    for (const s of GS1_AIS)
      for (const lang of ["en", "zh", "pt", "es", "ru"] as const)
        expect(translate(s.nameKey, {}, lang), `${s.ai} ${lang}`).not.toBe(s.nameKey);
  });
});

describe("checkAiValue", () => {
  it.each([
    ["01", "09506000134352"],
    ["00", "106141411234567897"],
    ["10", "AB-12/3"],
    ["400", "!\"%&'()*+,-./:;<=>?_z"],
    ["11", "240229"], // 2024 is a leap year
    ["15", "260100"], // DD 00: any day
    ["17", "261231"],
    ["20", "07"],
    ["21", "12345678901234567890"],
    ["30", "1"],
    ["37", "12345678"],
    ["3103", "001250"],
    ["400", "PO-2026-0001"],
    ["410", "9501101020917"],
    ["414", "9501101020917"],
    ["8200", "http://www.example.com"],
  ])("(%s)%s is valid", (ai, value) => {
    expect(checkAiValue(ai, value)).toBeNull();
  });

  it.each([
    ["01", "09506000134353", "codes.gs1.checkDigit", { ai: "01", digit: "2" }],
    ["01", "0950600013435", "codes.gs1.fixedLength", { ai: "01", length: 14, given: 13 }],
    ["01", "0950600013435X", "codes.gs1.digitsOnly", { ai: "01", char: "X" }],
    ["00", "106141411234567890", "codes.gs1.checkDigit", { ai: "00", digit: "7" }],
    ["410", "9501101020910", "codes.gs1.checkDigit", { ai: "410", digit: "7" }],
    ["10", "", "codes.gs1.empty", { ai: "10" }],
    ["10", "A".repeat(21), "codes.gs1.maxLength", { ai: "10", max: 20, given: 21 }],
    ["10", "AB 12", "codes.gs1.charset", { ai: "10", char: "U+0020" }],
    ["10", "AB#12", "codes.gs1.charset", { ai: "10", char: "#" }],
    ["21", "ÄÖ", "codes.gs1.charset", { ai: "21", char: "Ä" }],
    ["21", `A${GS}B`, "codes.gs1.charset", { ai: "21", char: "U+001D" }],
    ["21", "A\u0000", "codes.gs1.charset", { ai: "21", char: "U+0000" }],
    ["21", "😀", "codes.gs1.charset", { ai: "21", char: "😀" }],
    ["17", "261301", "codes.gs1.date", { ai: "17" }],
    ["17", "260230", "codes.gs1.date", { ai: "17" }],
    ["17", "250229", "codes.gs1.date", { ai: "17" }], // 2025 is not a leap year
    ["17", "260132", "codes.gs1.date", { ai: "17" }],
    ["17", "260001", "codes.gs1.date", { ai: "17" }],
    ["17", "2601011", "codes.gs1.fixedLength", { ai: "17", length: 6, given: 7 }],
    ["20", "7", "codes.gs1.fixedLength", { ai: "20", length: 2, given: 1 }],
    ["37", "123456789", "codes.gs1.maxLength", { ai: "37", max: 8, given: 9 }],
    ["3103", "1250", "codes.gs1.fixedLength", { ai: "3103", length: 6, given: 4 }],
    ["99", "x", "codes.gs1.unknownAi", { ai: "99" }],
  ])("(%s)%s: %s", (ai, value, key, vars) => {
    expect(checkAiValue(ai, value)).toEqual({ key, vars });
  });

  it("every message names the AI in every language", () => {
    const issue = checkAiValue("17", "261399");
    for (const lang of ["en", "zh", "pt", "es", "ru"] as const)
      expect(translate(issue?.key ?? "", { ...issue?.vars }, lang)).toContain("17");
  });
});

describe("element strings", () => {
  const list = [
    { ai: "01", value: "09506000134352" },
    { ai: "10", value: "AB12" },
    { ai: "17", value: "261231" },
    { ai: "21", value: "S(1)" },
  ];
  it("round-trips the bracketed form, escaping a ( inside a value", () => {
    const text = writeElementString(list);
    expect(text).toBe("(01)09506000134352(10)AB12(17)261231(21)S\\(1)");
    expect(parseElementString(text)).toEqual(list);
  });
  it("puts GS after every AI of non-predefined length except the last", () => {
    expect(transmittedData(list)).toBe(`0109506000134352${"10AB12"}${GS}17261231${"21S(1)"}`);
    // 410 has a predefined length (prefix 41): no separator; 400 and 8200 have none
    expect(
      transmittedData([
        { ai: "400", value: "PO1" },
        { ai: "410", value: "9501101020917" },
        { ai: "8200", value: "http://a.b" },
        { ai: "3103", value: "001250" },
      ]),
    ).toBe(`400PO1${GS}4109501101020917${"8200http://a.b"}${GS}3103001250`);
    expect(fnc1Input(list)).toBe("^FNC1010950600013435210AB12^FNC11726123121S(1)");
  });
  it("shows the human-readable line with the AIs in brackets", () => {
    expect(humanReadable(list)).toBe("(01)09506000134352(10)AB12(17)261231(21)S(1)");
  });
  it.each([
    ["", "codes.gs1.noAis"],
    ["0109506000134352", "codes.gs1.syntax"],
    ["(01", "codes.gs1.syntax"],
    ["(1)2", "codes.gs1.syntax"],
    ["(12345)6", "codes.gs1.syntax"],
    ["(99)1", "codes.gs1.unknownAi"],
    ["(01)09506000134352(10)A(10)B", "codes.gs1.duplicate"],
    ["(01)09506000134352(17)", "codes.gs1.empty"],
    ["(01)09506000134352(10)A(B)", "codes.gs1.syntax"],
    ["(01)09506000134351", "codes.gs1.checkDigit"],
  ])("refuses %j with %s", (text, key) => {
    const e = codeErr(() => readElementString(text));
    expect(e.key).toBe(key);
    expect(translate(e.key, { ...e.vars }, "en")).not.toBe(e.key);
  });
  it("never throws anything but a CodeError on hostile input", () => {
    const hostile = [
      "(",
      ")",
      "()",
      "(0",
      "((01))",
      "\\",
      "(01)\\",
      "(01)\\(",
      "\u0000",
      "(01)".repeat(1000),
    ];
    for (let i = 0; i < 200; i++)
      hostile.push(String.fromCharCode(...Array.from({ length: i % 30 }, (_, k) => (i * 31 + k * 17) % 128)));
    for (const h of hostile) {
      try {
        readElementString(h);
      } catch (e) {
        expect(e, JSON.stringify(h)).toBeInstanceOf(CodeError);
      }
    }
  });
});

describe("agrees with bwip-js's GS1 linter", () => {
  let bwip: BwipApi;
  beforeAll(async () => {
    bwip = await loadBwip();
  });
  const bwipAccepts = (text: string) => {
    try {
      bwip.raw({ bcid: "gs1-128", text });
      return true;
    } catch {
      return false;
    }
  };
  it.each([
    "(01)09506000134352",
    "(01)09506000134353",
    "(00)106141411234567897",
    "(00)106141411234567891",
    "(17)260230",
    "(17)260200",
    "(15)241231",
    "(11)251301",
    "(410)9501101020917",
    "(410)9501101020918",
    "(3103)001250",
    "(10)ABC#",
    "(20)7",
    "(37)123456789",
  ])("%s", (text) => {
    let ours = true;
    try {
      readElementString(text);
    } catch {
      ours = false;
    }
    expect(ours).toBe(bwipAccepts(text));
  });
});

describe("digitalLinkUri", () => {
  it("puts the key and its qualifiers in the path, in the standard's order, others in the query", () => {
    const list = parseElementString("(17)261231(21)S1(01)09506000134352(10)AB/12(3103)001250");
    expect(digitalLinkUri(list)).toBe(
      "https://id.gs1.org/01/09506000134352/10/AB%2F12/21/S1?17=261231&3103=001250",
    );
  });
  it("percent-encodes every character but the unreserved ones", () => {
    const list = [
      { ai: "01", value: "09506000134352" },
      { ai: "10", value: "!\"%&'()*+,-./:;<=>?_~" },
      { ai: "8200", value: "http://example.com/a?b=c" },
    ];
    expect(digitalLinkUri(list, "https://example.org/")).toBe(
      "https://example.org/01/09506000134352/10/%21%22%25%26%27%28%29%2A%2B%2C-.%2F%3A%3B%3C%3D%3E%3F_~" +
        "?8200=http%3A%2F%2Fexample.com%2Fa%3Fb%3Dc",
    );
  });
  it("takes SSCC and GLN keys", () => {
    expect(digitalLinkUri([{ ai: "00", value: "106141411234567897" }])).toBe(
      "https://id.gs1.org/00/106141411234567897",
    );
    expect(digitalLinkUri(parseElementString("(254)A1(414)9501101020917"))).toBe(
      "https://id.gs1.org/414/9501101020917/254/A1",
    );
  });
  it("refuses a list without a key or with two", () => {
    expect(codeErr(() => digitalLinkUri([{ ai: "10", value: "A" }])).key).toBe("codes.gs1.dlNoKey");
    const two = codeErr(() => digitalLinkUri(parseElementString("(01)09506000134352(00)106141411234567897")));
    expect(two.key).toBe("codes.gs1.dlTwoKeys");
    expect(two.vars).toEqual({ ai: "00" });
  });
});
