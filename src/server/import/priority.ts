// The import worker thread's priority (docs/server.md "Imports and the request thread").
import { platform, setPriority } from "node:os";

/** The import thread's nice value: other users' requests (the main thread, PostgreSQL) come first. */
export const IMPORT_NICE = 10;

/**
 * Lowers the calling thread's priority by IMPORT_NICE. On Linux the nice value belongs to the thread
 * (setpriority of "0" is the calling thread), so a worker lowers itself alone: on a 2-core server a
 * parse no longer takes its share of a core from the request thread and PostgreSQL while they have
 * work, and still gets a whole core when they have none. Elsewhere it would lower the whole server,
 * so it is left alone.
 */
export function lowerThisThread(): void {
  if (platform() !== "linux") return;
  try {
    setPriority(IMPORT_NICE);
  } catch {
    // not allowed here (a sandbox): imports run at the server's priority
  }
}
