// Worker entry: registers the TypeScript loader (tsx) in this thread, then loads the worker module.
import { register } from "tsx/esm/api";

register();
await import("./pdfWriterWorker.ts");
