// `npm start` entry: starts the server from the environment (PORT, HOST, INKLESS_DATA, DATABASE_URL…).
import { createServer } from "./app";
import { configFromEnv } from "./config";

const config = configFromEnv();
const app = await createServer(config);
const base = await app.listen();
console.log(`Inkless listening on ${base}/label/`);

let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log(`[inkless] ${sig}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
