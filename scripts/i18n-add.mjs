// Adds or updates translation keys in all five locale files and keeps each file sorted.
// Usage: node scripts/i18n-add.mjs keys.json
//   keys.json: { "area.key": { "en": "…", "zh": "…", "pt": "…", "es": "…", "ru": "…" }, … }
// Safe to run while others edit other keys: it re-reads each file right before writing it.
import { readFileSync, renameSync, writeFileSync } from "node:fs";

const LANGS = ["en", "zh", "pt", "es", "ru"];
const add = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const [key, t] of Object.entries(add)) {
  for (const l of LANGS) if (typeof t[l] !== "string" || t[l] === "") throw new Error(`${key} lacks ${l}`);
}
for (const l of LANGS) {
  const file = `locales/${l}.json`;
  const cur = JSON.parse(readFileSync(file, "utf8"));
  for (const [key, t] of Object.entries(add)) cur[key] = t[l];
  const sorted = Object.fromEntries(
    Object.keys(cur)
      .sort()
      .map((k) => [k, cur[k]]),
  );
  writeFileSync(`${file}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
console.log(`added ${Object.keys(add).length} keys to ${LANGS.length} locales`);
