// The import thread's share of the CPU (Linux): it runs at a lower priority than the request thread,
// so on a busy machine other users' requests win the cores, and its time limit counts the CPU time
// it used, not the time it waited for a core (a starved import is not at fault; one that burns CPU
// is). Elsewhere (no /proc): normal priority and a wall-clock limit, as before.
import { readFileSync, readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** How many nice steps (of 40; 19 is the lowest priority) the import thread runs below the server's
 * own priority: on Linux it lowers that thread alone. */
export const IMPORT_NICE = 10;

/** A starved thread is still stopped after this many times its CPU limit in wall time. */
export const WALL_LIMIT_FACTOR = 10;

/** The calling thread's kernel id, or null where /proc/thread-self is missing (not Linux). */
export function ownThreadId(): number | null {
  try {
    const m = /\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Lowers the calling thread's priority by IMPORT_NICE; only with a thread id (on Linux, setpriority
 * of a thread id touches that thread alone; elsewhere it would slow the whole server). */
export function lowerOwnPriority(tid: number | null): void {
  if (tid === null) return;
  try {
    setPriority(tid, Math.min(19, getPriority(tid) + IMPORT_NICE));
  } catch {
    // not allowed here (a container's seccomp): normal priority, the limit still counts CPU time
  }
}

/** CPU ms (user + system) used so far by thread `tid` of this process, or null if it cannot be read. */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(f[11]) + Number(f[12]); // utime, stime in USER_HZ (100 a second on Linux)
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/**
 * Calls `over` once thread `tid` has used `limitMs` of CPU from now on, or after WALL_LIMIT_FACTOR ×
 * `limitMs` of wall time (a thread that waits forever); with no thread id (or its CPU time
 * unreadable), after `limitMs` of wall time. Looks again only when the limit could have been reached,
 * so it costs one small read per check. Answers a function that cancels it.
 */
export function cpuTimeLimit(tid: number | null, limitMs: number, over: () => void): () => void {
  const start = tid === null ? null : threadCpuMs(tid);
  const began = Date.now();
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const now = tid === null ? null : threadCpuMs(tid);
    if (now === null || start === null) return over();
    const used = now - start;
    const wallLeft = WALL_LIMIT_FACTOR * limitMs - (Date.now() - began);
    if (used >= limitMs || wallLeft <= 0) return over();
    // the CPU still allowed cannot be used up sooner than in that much wall time
    timer = setTimeout(check, Math.max(10, Math.min(limitMs - used, wallLeft)));
  };
  timer = setTimeout(check, limitMs);
  return () => clearTimeout(timer);
}
