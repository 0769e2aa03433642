// Rules for a new password (docs/security.md): PASSWORD_MIN–PASSWORD_MAX characters (shared with the
// app's forms), not the account name, not one of the shipped common passwords, and not too easy to
// guess by the strength estimator the forms use too (app/passwordStrength.ts). Only new passwords
// are checked: existing ones keep working.
import { readFileSync } from "node:fs";
import { passwordWeakness } from "../../app/passwordStrength";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../app/validation";

let common: Set<string> | null = null;

/** The shipped list (common-passwords.txt), lower-cased; read once. */
export function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith("#")),
  );
  return common;
}

/** The translation key of the first rule `password` breaks for `account` (and the user's other
 * words, e.g. the nickname), or null. */
export async function passwordProblem(
  password: string,
  account: string,
  words: readonly string[] = [],
): Promise<string | null> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return "server.validation.passwordLength";
  const p = password.normalize("NFKC").trim().toLowerCase();
  const a = account.toLowerCase();
  if (p === a || p === a.split("@")[0]) return "server.validation.passwordAccount";
  if (commonPasswords().has(p)) return "server.validation.passwordCommon";
  return passwordWeakness(password, [account, a.split("@")[0], ...words]);
}
