// Input rules shared by the routes (spec application.md §5), raising translated ApiErrors.
import { NAME_FORBIDDEN_CHARS } from "../model/constants";
import { passwordProblem } from "./auth/passwordRules";
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

/** A new password and its confirmation for `account` (rules: auth/passwordRules.ts). */
export async function checkNewPassword(
  password: string,
  password2: string,
  account: string,
  words: readonly string[] = [],
): Promise<void> {
  if (!password || !password2) throw fail("server.validation.password");
  const problem = await passwordProblem(password, account, words);
  if (problem) throw fail(problem);
  if (password !== password2) throw fail("server.validation.passwordMismatch");
}

/** Bidirectional overrides/isolates and zero-width characters: they make a name read as another
 * ("invoice\u202Efdp.exe") or two names look the same. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/** Names people read (folders, files, templates, devices, nicknames): no invisible characters. */
export function checkVisible(name: string): string {
  if (INVISIBLE.test(name)) throw fail("server.validation.nameInvisible");
  return name;
}

/** Folder, file and template names: required, none of \ / : * ? " < > |, no control characters,
 * no bidirectional-override or zero-width characters. */
export function checkName(name: string, max = 100): string {
  if (!name) throw fail("server.validation.nameRequired");
  if (NAME_FORBIDDEN_CHARS.some((c) => name.includes(c)) || /\p{Cc}/u.test(name)) {
    throw fail("server.validation.nameChars", { chars: NAME_FORBIDDEN_CHARS.join(" ") });
  }
  checkVisible(name);
  if (name.length > max) throw fail("server.error.tooLong", { field: "name", max });
  return name;
}

/** Timestamp as "yyyy-MM-dd HH:mm:ss" (UTC), the add_time shape lists show. */
export function formatTime(d: Date | string | null): string {
  if (!d) return "";
  return new Date(d).toISOString().slice(0, 19).replace("T", " ");
}
