// `npm run backup -- --out backup.tar` and `npm run restore -- backup.tar [--force]`: the instance
// named by the server's environment (INKLESS_DATA, DATABASE_URL). With embedded PGlite stop the
// server first (its data folder belongs to one process); with PostgreSQL a backup may run beside it.
import { configFromEnv } from "../config";
import { openDb } from "../db";
import { openFileStore } from "../files/open";
import { backup, type Summary } from "./backup";
import { restore } from "./restore";

const USAGE = `usage:
  npm run backup -- --out <file.tar>          write the database and the files to a new tar
  npm run restore -- <file.tar> [--force]     restore into an empty instance (--force: replace its content;
                                              files not in the backup are kept)
The instance is the server's: INKLESS_DATA (default ./data) and DATABASE_URL.
`;

const said = (s: Summary) =>
  `${s.tables} tables, ${s.rows} rows, ${s.files} files, ${(s.bytes / 1048576).toFixed(1)} MB`;

export async function runOps(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  const config = configFromEnv(env);
  const files = await openFileStore(config);
  if (command === "backup") {
    const i = rest.indexOf("--out");
    const out = i >= 0 ? rest[i + 1] : undefined;
    if (!out || rest.length !== 2) return usage();
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      process.stdout.write(`backup written to ${out}: ${said(await backup(db, files, out))}\n`);
    } finally {
      await db.close();
    }
    return 0;
  }
  if (command === "restore") {
    const force = rest.includes("--force");
    const paths = rest.filter((a) => a !== "--force");
    if (paths.length !== 1 || paths[0].startsWith("--")) return usage();
    const sum = await restore(
      paths[0],
      { databaseUrl: config.databaseUrl, dataDir: config.dataDir, files },
      force,
    );
    const kept = sum.kept ? `; ${sum.kept} file(s) of the instance not in the backup left in place` : "";
    process.stdout.write(`restored ${paths[0]}: ${said(sum)}${kept}\n`);
    return 0;
  }
  return usage();
}

function usage(): number {
  process.stderr.write(USAGE);
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runOps(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: Error) => {
      process.stderr.write(`${e.message}\n`);
      process.exitCode = 1;
    },
  );
}
