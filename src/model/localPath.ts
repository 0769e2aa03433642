// A return path (after login, after signing in with another account) must stay inside this site.
// Browsers drop tabs and newlines from addresses and read "\" as "/", so "/\t/evil.example" and
// "/\evil.example" both become "//evil.example", another site (issue 33): such paths are refused.

/** True when `raw` is a path of this site: one leading "/", no backslash, no whitespace or control
 * or format character anywhere. */
export function isLocalPath(raw: string | null | undefined): raw is string {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//")) return false;
  return !/[\\\s\p{Cc}\p{Cf}]/u.test(raw);
}
