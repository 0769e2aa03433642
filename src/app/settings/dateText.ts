// Every date the app shows, in one format: the interface language's medium date ("Dec 6, 2026",
// "2026年12月6日", "6 dic 2026"), with the time of day where it matters (print records, a saved
// draft). The server writes times as "YYYY-MM-DD HH:MM:SS" in UTC; a bare "YYYY-MM-DD" is a calendar
// day and is shown as that day wherever the reader is. Text that is no date is shown as it came.

export type DateStyle = "date" | "dateTime";

const SERVER_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The moment a value names, or null: epoch ms, a Date, ISO text, the server's UTC text, a day. */
export function parseDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  let d: Date;
  if (value instanceof Date) d = value;
  else if (typeof value === "number") d = new Date(value);
  else {
    const s = value.trim();
    const day = DAY.exec(s);
    const server = SERVER_TIME.exec(s);
    if (day) d = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    else if (server) d = new Date(`${server[1]}T${server[2]}Z`);
    else d = new Date(s);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(lang: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang}|${style}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      dateStyle: "medium",
      ...(style === "dateTime" ? { timeStyle: "short" } : {}),
    };
    try {
      f = new Intl.DateTimeFormat(lang, options);
    } catch {
      f = new Intl.DateTimeFormat("en", options); // a tag Intl does not take
    }
    formats.set(key, f);
  }
  return f;
}

/** `value` as the interface language writes a date (and time); what is no date comes back as text. */
export function dateText(
  lang: string,
  value: string | number | Date | null | undefined,
  style: DateStyle = "date",
): string {
  const d = parseDate(value);
  if (!d) return value === null || value === undefined ? "" : String(value);
  return format(lang, style).format(d);
}
