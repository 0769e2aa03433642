// The `label` command as `npm run label` runs it: the built program (dist/node/label.js), not
// src/cli/main.ts compiled by tsx at every start. A spawn of the built one costs about 0.4 s of CPU
// against 2–2.8 s with tsx; the files that spawn it build it first when a source changed.
import { join } from "node:path";
import { buildNode, NODE_DIR } from "../../../scripts/build-node.mjs";

/** The script Node runs for `label …` (pass the command's arguments after it). */
export const LABEL = join(NODE_DIR, "label.js");

/** Builds dist/node when it is missing or older than its sources (scripts/build-node.mjs). */
export const buildLabel = (): Promise<void> => buildNode({ quiet: true });

/** A cold build of every program on a busy 2-core machine can take minutes. */
export const BUILD_TIMEOUT_MS = 600_000;
