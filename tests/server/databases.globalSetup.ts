// vitest global setup (main process): the run's PostgreSQL worker databases (tests/server/database.ts)
// are dropped when it ends, with those of earlier runs that are gone.
import { dropRunDatabases } from "./database";

export async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return async () => {};
  await dropRunDatabases(serverUrl, process.pid);
  return async () => {
    await dropRunDatabases(serverUrl, process.pid);
  };
}
