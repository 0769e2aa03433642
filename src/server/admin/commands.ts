// The operator's commands (`npm run admin -- <command>`): a small table, each command reading the
// same database the server uses (PGlite in $INKLESS_DATA/db or PostgreSQL by DATABASE_URL).
// Output is for the operator's terminal or a file (JSON, CSV); messages are in English.
import { parseArgs } from "node:util";
import Papa from "papaparse";
import type { Queryable } from "../db";
import { type FeedbackRow, helpVotes, listFeedback } from "../feedback/store";
import {
  PLANS_USAGE,
  PRIVILEGES_USAGE,
  plansCommand,
  privilegesCommand,
  REDEEM_USAGE,
  redeemCodesCommand,
} from "./plans";
import { terminalSafe, terminalSafeLine } from "./terminalSafe";

export interface AdminIo {
  db: Queryable;
  /** where the operator finds a stored file (a feedback screenshot): files/s3Config.ts storedFileLocation */
  fileLocation(key: string): string;
  out(text: string): void;
}

export class AdminError extends Error {}

interface AdminCommand {
  readonly usage: string;
  readonly summary: string;
  run(args: readonly string[], io: AdminIo): Promise<void>;
}

/** A date (2026-05-01, local midnight) or a date and time (2026-05-01T08:00Z). */
export function parseSince(v: string): Date {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00`) : new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(d.getTime()))
    throw new AdminError(`--since needs a date such as 2026-05-01 or 2026-05-01T08:00Z, not "${v}"`);
  return d;
}

/** A spreadsheet must not run a cell as a formula: such text gets a leading apostrophe. */
const cell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

const FEEDBACK_COLUMNS = [
  "created_at",
  "kind",
  "account",
  "contact",
  "description",
  "page",
  "app_version",
  "user_agent",
  "language",
  "screenshot",
] as const;

function feedbackRecord(
  f: FeedbackRow,
  fileLocation: AdminIo["fileLocation"],
): Record<(typeof FEEDBACK_COLUMNS)[number], string> {
  return {
    created_at: f.created_at,
    kind: f.kind,
    account: f.account,
    contact: f.contact,
    description: f.description,
    page: f.page,
    app_version: f.app_version,
    user_agent: f.user_agent,
    language: f.language,
    screenshot: f.screenshot_key ? fileLocation(f.screenshot_key) : "",
  };
}

function feedbackText(rows: readonly FeedbackRow[], fileLocation: AdminIo["fileLocation"]): string {
  if (rows.length === 0) return "No feedback.\n";
  const blocks = rows.map((f) => {
    // user text never reaches the terminal raw (terminalSafe.ts); the description keeps its lines
    const raw = feedbackRecord(f, fileLocation);
    const r = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, k === "description" ? terminalSafe(v) : terminalSafeLine(v)]),
    ) as typeof raw;
    const head = [r.created_at, r.kind, r.account || "(signed out)", r.contact && `contact: ${r.contact}`];
    const lines = [
      head.filter(Boolean).join("  "),
      ...r.description.split("\n").map((l) => `  ${l}`),
      `  page ${r.page || "-"} · version ${r.app_version} · ${r.language} · ${r.user_agent || "-"}`,
    ];
    if (r.screenshot) lines.push(`  screenshot: ${r.screenshot}`);
    return lines.join("\n");
  });
  return `${blocks.join("\n\n")}\n\n${rows.length} feedback\n`;
}

export const COMMANDS: Readonly<Record<string, AdminCommand>> = {
  plans: {
    usage: PLANS_USAGE,
    summary: "lists, adds, changes or removes the membership plans and cloud space packages",
    run: plansCommand,
  },
  "redeem-codes": {
    usage: REDEEM_USAGE,
    summary: "mints membership redeem codes and prints them, once (only their hashes are kept)",
    run: redeemCodesCommand,
  },
  privileges: {
    usage: PRIVILEGES_USAGE,
    summary: "lists, sets or removes the member privileges the upgrade dialog shows",
    run: privilegesCommand,
  },
  feedback: {
    usage: "feedback [--since DATE] [--json | --csv]",
    summary: "lists feedback, newest first (--csv / --json: export)",
    async run(args, io) {
      const { values } = parseArgs({
        args: [...args],
        options: { since: { type: "string" }, json: { type: "boolean" }, csv: { type: "boolean" } },
      });
      if (values.json && values.csv) throw new AdminError("choose --json or --csv, not both");
      const rows = await listFeedback(io.db, { since: values.since ? parseSince(values.since) : undefined });
      if (values.json) {
        io.out(
          `${JSON.stringify(
            rows.map((f) => feedbackRecord(f, io.fileLocation)),
            null,
            2,
          )}\n`,
        );
      } else if (values.csv) {
        const data = rows.map((f) =>
          FEEDBACK_COLUMNS.map((c) => cell(feedbackRecord(f, io.fileLocation)[c])),
        );
        io.out(`${Papa.unparse({ fields: [...FEEDBACK_COLUMNS], data }, { newline: "\r\n" })}\r\n`);
      } else {
        io.out(feedbackText(rows, io.fileLocation));
      }
    },
  },
  "help-votes": {
    usage: "help-votes [--json]",
    summary: 'the help articles\' "was this helpful" answers per language',
    async run(args, io) {
      const { values } = parseArgs({ args: [...args], options: { json: { type: "boolean" } } });
      const rows = await helpVotes(io.db);
      if (values.json) return io.out(`${JSON.stringify(rows, null, 2)}\n`);
      if (rows.length === 0) return io.out("No answers yet.\n");
      io.out(`${rows.map((r) => `${r.slug} (${r.language}): ${r.yes} yes, ${r.no} no`).join("\n")}\n`);
    },
  },
};

export function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  npm run admin -- ${c.usage}\n      ${c.summary}`);
  return `Inkless administration (reads $INKLESS_DATA or DATABASE_URL like the server)\n\n${lines.join("\n")}\n`;
}

/** Runs one command; returns the exit code (0 ok, 2 usage). */
export async function runAdmin(
  argv: readonly string[],
  io: AdminIo & { err(text: string): void },
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(usage());
    return 0;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    io.err(`unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  try {
    await cmd.run(rest, io);
    return 0;
  } catch (e) {
    // a mistyped option (node:util parseArgs) or value: the message and the usage, never a stack
    if (e instanceof AdminError || (e as { code?: string })?.code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`${(e as Error).message}\n\nusage: npm run admin -- ${cmd.usage}\n`);
      return 2;
    }
    throw e;
  }
}
