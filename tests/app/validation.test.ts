// Account form validation (spec §5 messages) and the message keys exist in every language.
import { describe, expect, it } from "vitest";
import {
  checkAccount,
  checkAgree,
  checkCode,
  checkIndustry,
  checkLoginAccount,
  checkNickname,
  checkPasswords,
  INDUSTRIES,
  normaliseAccount,
} from "../../src/app/validation";
import { RESOURCES } from "../../src/i18n/messages";
import { LANGUAGES } from "../../src/model/constants";

describe("validation", () => {
  it("accepts e-mail or phone accounts", () => {
    expect(checkAccount("")).toBe("app.validate.accountRequired");
    expect(checkAccount("   ")).toBe("app.validate.accountRequired");
    expect(checkAccount("ana@example.com")).toBeNull();
    expect(checkAccount("+351 912-345-678")).toBeNull();
    expect(checkAccount("13800000000")).toBeNull();
    expect(checkAccount("ana@")).toBe("app.validate.accountInvalid");
    expect(checkAccount("<script>")).toBe("app.validate.accountInvalid");
    expect(checkAccount("12")).toBe("app.validate.accountInvalid");
    expect(normaliseAccount(" Ana@Example.COM ")).toBe("ana@example.com");
    expect(normaliseAccount("+351 912-345-678")).toBe("+351912345678");
  });
  it("checks passwords", () => {
    expect(checkPasswords("", "")).toBe("app.validate.passwordSetConfirm");
    expect(checkPasswords("secret1", "")).toBe("app.validate.passwordSetConfirm");
    expect(checkPasswords("secret1", "secret2")).toBe("app.validate.passwordMismatch");
    expect(checkPasswords("abc", "abc")).toBe("app.validate.passwordLength");
    expect(checkPasswords("x".repeat(65), "x".repeat(65))).toBe("app.validate.passwordLength");
    expect(checkPasswords("secret1", "secret1")).toBe("app.validate.passwordLength");
    expect(checkPasswords("secret12", "secret12")).toBeNull();
  });
  it("checks the other fields", () => {
    expect(checkLoginAccount(" ")).toBe("app.validate.usernameRequired");
    expect(checkNickname("  ")).toBe("app.validate.nicknameRequired");
    expect(checkNickname("x".repeat(33))).toBe("app.validate.nicknameLength");
    expect(checkNickname("Ana")).toBeNull();
    expect(checkIndustry("")).toBe("app.validate.industryRequired");
    expect(checkIndustry("retail")).toBeNull();
    expect(checkAgree(false)).toBe("app.validate.agreeRequired");
    expect(checkAgree(true)).toBeNull();
    expect(checkCode(" ")).toBe("app.validate.codeRequired");
  });
  it("every message and industry has a translation in all five languages", () => {
    const keys = [
      ...INDUSTRIES.map((i) => `app.industry.${i}`),
      "app.validate.accountRequired",
      "app.validate.accountInvalid",
      "app.validate.usernameRequired",
      "app.validate.passwordRequired",
      "app.validate.passwordLength",
      "app.validate.passwordSetConfirm",
      "app.validate.passwordMismatch",
      "app.validate.nicknameRequired",
      "app.validate.nicknameLength",
      "app.validate.industryRequired",
      "app.validate.agreeRequired",
      "app.validate.codeRequired",
      "tip.tip46",
      "tip.tip130",
    ];
    for (const lang of LANGUAGES)
      for (const k of keys) expect(RESOURCES[lang][k], `${lang} ${k}`).toBeTruthy();
  });
});
