// `npm run admin -- <command>`: the operator's commands (commands.ts) on the server's database.
// With embedded PGlite the data folder belongs to one process: stop the server first (with
// PostgreSQL, DATABASE_URL, it may keep running).
import { configFromEnv } from "../config";
import { openDb } from "../db";
import { storedFileLocation } from "../files/s3Config";
import { runAdmin, usage } from "./commands";

const argv = process.argv.slice(2);
if (argv.length === 0 || ["help", "--help", "-h"].includes(argv[0])) {
  process.stdout.write(usage());
} else {
  const config = configFromEnv();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    process.exitCode = await runAdmin(argv, {
      db,
      fileLocation: (key) => storedFileLocation(config, key),
      out: (t) => process.stdout.write(t),
      err: (t) => process.stderr.write(t),
    });
  } finally {
    await db.close();
  }
}
