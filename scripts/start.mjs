// `npm start`: build the app if needed, then run the server (app under /label/, API, embedded database).
import { spawn } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { supervise } from "./supervise.mjs";

buildIfNeeded();
// the server stops with us: on a signal, or when npm is killed (scripts/supervise.mjs)
supervise(spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { stdio: "inherit" }));
