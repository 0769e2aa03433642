// `npm start` entry: starts the server from the environment (PORT, HOST, INKLESS_DATA, DATABASE_URL…);
// with INKLESS_WORKERS=N, N such servers on one port (src/server/workers.ts).
import cluster from "node:cluster";
import { createServer } from "./app";
import { configFromEnv } from "./config";
import { runPrimary, workersFromEnv, workersRefused } from "./workers";

let workers: number;
try {
  workers = workersFromEnv(process.env);
} catch (e) {
  console.error(`[inkless] ${(e as Error).message}`);
  process.exit(1);
}
const config = configFromEnv();
const refused = workersRefused(workers, config.databaseUrl);
if (refused) {
  console.error(`[inkless] ${refused}`);
  process.exit(1);
}

if (workers > 1 && cluster.isPrimary) runPrimary(workers);
else
  await serve().catch((e: Error) => {
    console.error(`[inkless] could not start: ${e.message}`);
    process.exit(1);
  });

async function serve() {
  const app = await createServer(config);
  const base = await app.listen();
  // a worker's address is the primary's, which prints the ready line once all workers listen
  if (!cluster.isWorker) console.log(`Inkless listening on ${base}/label/`);

  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[inkless] ${why}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => stop(sig));
  // the primary went away: no one else will stop this worker
  if (cluster.isWorker) process.on("disconnect", () => stop("primary gone"));
}
