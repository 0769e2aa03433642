// Loaded with --import: appends each worker thread the process starts (its script's URL and the
// young generation it is given, MB) as a JSON line to the file named by INKLESS_TEST_WORKERS.
import { appendFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import workerThreads from "node:worker_threads";

const list = process.env.INKLESS_TEST_WORKERS;
if (list) {
  const Real = workerThreads.Worker;
  workerThreads.Worker = class extends Real {
    constructor(url, options) {
      const young = options?.resourceLimits?.maxYoungGenerationSizeMb ?? null;
      appendFileSync(list, `${JSON.stringify({ url: String(url), young })}\n`);
      super(url, options);
    }
  };
  // the built program's `import { Worker } from "node:worker_threads"` sees the wrapper
  syncBuiltinESMExports();
}
