// Form validation for the account pages (spec §5 "Other user-facing validation messages").
// Each check returns a translation key, or null when the value is fine.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]{6,15}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 32;

export function normaliseAccount(raw: string): string {
  const v = raw.trim();
  return EMAIL.test(v) ? v.toLowerCase() : v.replace(/[\s-]/g, "");
}

export function checkAccount(raw: string): string | null {
  const v = normaliseAccount(raw);
  if (!v) return "app.validate.accountRequired";
  if (!EMAIL.test(v) && !PHONE.test(v)) return "app.validate.accountInvalid";
  return null;
}

export function checkLoginAccount(raw: string): string | null {
  return raw.trim() ? null : "app.validate.usernameRequired";
}

export function checkPassword(pw: string): string | null {
  if (!pw) return "app.validate.passwordRequired";
  if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX) return "app.validate.passwordLength";
  return null;
}

export function checkPasswords(pw: string, pw2: string): string | null {
  if (!pw || !pw2) return "app.validate.passwordSetConfirm";
  if (pw !== pw2) return "app.validate.passwordMismatch";
  return checkPassword(pw);
}

export function checkNickname(v: string): string | null {
  const n = v.trim();
  if (!n) return "app.validate.nicknameRequired";
  if (n.length > NICKNAME_MAX) return "app.validate.nicknameLength";
  return null;
}

export function checkIndustry(v: string): string | null {
  return v ? null : "app.validate.industryRequired";
}

export function checkAgree(v: boolean): string | null {
  return v ? null : "app.validate.agreeRequired";
}

export function checkCode(v: string): string | null {
  return v.trim() ? null : "app.validate.codeRequired";
}

export const INDUSTRIES = [
  "retail",
  "clothing",
  "food",
  "logistics",
  "manufacturing",
  "electronics",
  "healthcare",
  "office",
  "other",
] as const;
