// A child process measured from outside, as a user times it (Linux /proc): wall time, CPU seconds
// (user + system, all its threads) and peak resident memory (VmHWM), sampled while it runs.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** Peak resident memory of a live process in bytes (Linux), 0 where /proc cannot say. */
export function peakRss(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a live process has used so far (Linux), 0 where /proc cannot say. */
export function cpuSeconds(pid: number): number {
  try {
    // fields after the command name: state is 3rd, utime and stime the 14th and 15th
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

export interface ChildRun {
  readonly seconds: number;
  readonly cpu: number;
  readonly peak: number;
}

/** Runs `node args…` to its end; throws when it fails. */
export async function measureNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ChildRun> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"], env });
  let peak = 0;
  let cpu = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, peakRss(child.pid as number));
    cpu = Math.max(cpu, cpuSeconds(child.pid as number));
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`node ${args.join(" ")} exited with ${code}`);
  return { seconds: (performance.now() - t0) / 1000, cpu, peak };
}
