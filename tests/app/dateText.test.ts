// Dates (issue 34): one account showed "1/5/2027", "2026-12-07 05:29:26" and "Dec 6, 2026". Every
// date the app shows goes through dateText, in the interface language; no page formats its own.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { dateText, parseDate } from "../../src/app/settings/dateText";

// midday UTC: the same calendar day in every time zone the tests may run in
const SERVER = "2026-12-07 12:29:26";

it("reads the server's UTC text, ISO text, epoch ms and a bare day alike", () => {
  const want = Date.UTC(2026, 11, 7, 12, 29, 26);
  expect(parseDate(SERVER)?.getTime()).toBe(want);
  expect(parseDate("2026-12-07T12:29:26.000Z")?.getTime()).toBe(want);
  expect(parseDate(want)?.getTime()).toBe(want);
  const day = parseDate("2027-01-05");
  expect([day?.getFullYear(), day?.getMonth(), day?.getDate()]).toEqual([2027, 0, 5]);
  for (const bad of ["", "soon", "2026-13-45 99:99:99", null, undefined, Number.NaN])
    expect(parseDate(bad)).toBeNull();
});

it("writes one medium date in the interface language, the time of day where asked", () => {
  expect(dateText("en", SERVER)).toBe("Dec 7, 2026");
  expect(dateText("en", "2027-01-05")).toBe("Jan 5, 2027");
  expect(dateText("en", Date.UTC(2026, 11, 7, 12))).toBe("Dec 7, 2026");
  expect(dateText("zh", SERVER)).toBe("2026年12月7日");
  expect(dateText("ru", SERVER)).toMatch(/^7 дек\. 2026/);
  expect(dateText("pt", SERVER)).toBe("7 de dez. de 2026");
  expect(dateText("es", SERVER)).toBe("7 dic 2026");
  expect(dateText("en", SERVER, "dateTime")).toMatch(/^Dec 7, 2026, \d{1,2}:29\s?[AP]M$/);
});

it("shows what is no date as it came, and nothing for nothing", () => {
  expect(dateText("en", "soon")).toBe("soon");
  expect(dateText("en", "")).toBe("");
  expect(dateText("en", null)).toBe("");
  expect(dateText("xx-not a tag", SERVER)).toBe("Dec 7, 2026");
});

it("is the only place the app and the editor format a date", () => {
  const own = join("src", "app", "settings", "dateText.ts");
  const adHoc =
    /toLocale(Date|Time)String|DateTimeFormat|dateStyle|timeStyle|new Date\([^)]*\)\.toLocaleString|\.replace\(" ", "T"\)|\{(f|item|s|j|device)\.(add_time|updated|expires|addTime)\}/;
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && path !== own && adHoc.test(readFileSync(path, "utf8")))
        offenders.push(path);
    }
  };
  walk(join("src", "app"));
  walk(join("src", "editor"));
  expect(offenders).toEqual([]);
});
