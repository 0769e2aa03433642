// Recognition thread entry: registers the TypeScript loader (tsx) in this thread, then loads the
// thread's module (same pattern as src/server/import/worker.mjs).
import { register } from "tsx/esm/api";

register();
await import("./thread.worker.ts");
