// `npm start`: build the app if needed, then run the server (app under /label/, API, embedded database).
import { spawn } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.mjs";

buildIfNeeded();
const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { stdio: "inherit" });
child.on("exit", (code) => process.exit(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
