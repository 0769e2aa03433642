// Keeps a child process (the server under `npm start`) tied to whoever started us. Signals are
// passed on to it; and when our parent goes away without one reaching us, the child is stopped as
// by SIGTERM: `kill` on npm ends npm's `sh -c`, which does not pass the signal on (dash), and
// would otherwise leave the server running with nobody to stop it.
import { constants } from "node:os";

const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Ties `child` to this process; this process exits with the child's own status. */
export function supervise(child, { pollMs = 500 } = {}) {
  const parent = process.ppid;
  const stop = (sig) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  };
  for (const sig of FORWARDED) process.on(sig, () => stop(sig));
  // an orphan is adopted by init (or a subreaper): its parent id changes
  const watch = setInterval(() => {
    if (process.ppid !== parent) stop("SIGTERM");
  }, pollMs);
  watch.unref();
  child.on("exit", (code, signal) => {
    clearInterval(watch);
    process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 0));
  });
}
