// Input rules shared by the routes (spec application.md §5), raising translated ApiErrors.
import { FORBIDDEN_NAME_CHARS } from "../model/bounds";
import { ApiError, Code } from "./http/envelope";

const fail = (key: string, vars?: Record<string, string | number>) => new ApiError(Code.failed, key, vars);

const EMAIL = /^[^\s@<>()"',;:\\]+@[^\s@<>()"',;:\\]+\.[A-Za-z]{2,}$/;

/** Normalises an account: e-mail lower-cased, phone stripped of spaces/dashes/brackets. */
export function parseAccount(raw: string): { account: string; channel: "email" | "sms" } {
  if (!raw) throw fail("server.validation.account");
  if (raw.includes("@")) {
    const a = raw.toLowerCase();
    if (a.length > 254 || !EMAIL.test(a)) throw fail("server.validation.accountFormat");
    return { account: a, channel: "email" };
  }
  const phone = raw.replace(/[\s\-()]/g, "");
  if (!/^\+?\d{6,15}$/.test(phone)) throw fail("server.validation.accountFormat");
  return { account: phone, channel: "sms" };
}

export function checkNewPassword(password: string, password2: string): void {
  if (!password || !password2) throw fail("server.validation.password");
  if (password.length < 6 || password.length > 64) throw fail("server.validation.passwordLength");
  if (password !== password2) throw fail("server.validation.passwordMismatch");
}

/** Folder, file and template names: required, none of \ / : * ? " < > |, no control characters. */
export function checkName(name: string, max = 100): string {
  if (!name) throw fail("server.validation.nameRequired");
  if (FORBIDDEN_NAME_CHARS.some((c) => name.includes(c)) || /\p{Cc}/u.test(name)) {
    throw fail("server.validation.nameChars", { chars: FORBIDDEN_NAME_CHARS.join(" ") });
  }
  if (name.length > max) throw fail("server.error.tooLong", { field: "name", max });
  return name;
}

/** Timestamp as "yyyy-MM-dd HH:mm:ss" (UTC), the add_time shape lists show. */
export function formatTime(d: Date | string | null): string {
  if (!d) return "";
  return new Date(d).toISOString().slice(0, 19).replace("T", " ");
}
