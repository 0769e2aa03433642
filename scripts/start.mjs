// `npm start`: build the app and the server if needed, then run the server (app under /label/, API,
// embedded database) as built JavaScript: no TypeScript is compiled at start (scripts/build-node.mjs).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { NODE_DIR } from "./build-node.mjs";
import { supervise } from "./supervise.mjs";

// the web app, and the server as JavaScript (dist/node), each only when its sources changed
buildIfNeeded();
// the server stops with us: on a signal, or when npm is killed (scripts/supervise.mjs)
supervise(spawn(process.execPath, [join(NODE_DIR, "server.js")], { stdio: "inherit" }));
