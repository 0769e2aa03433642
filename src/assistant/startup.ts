// Starting the print assistant at login on Windows (`--install-startup` / `--remove-startup`): a
// value in the user's own Run key (HKCU\Software\Microsoft\Windows\CurrentVersion\Run, no admin
// rights), written and removed with reg.exe. Windows then opens the assistant's console window, with
// its pairing code, each time the user logs in.
import { execFile } from "node:child_process";

export const RUN_KEY = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run";
export const RUN_VALUE = "Inkless print assistant";

/** Runs reg.exe with these arguments; rejects with its message when it fails. */
export type RegRunner = (args: readonly string[]) => Promise<string>;

const reg: RegRunner = (args) =>
  new Promise((resolve, reject) =>
    execFile("reg.exe", [...args], { windowsHide: true }, (e, stdout, stderr) =>
      e ? reject(new Error(String(stderr || e.message).trim())) : resolve(String(stdout)),
    ),
  );

/** The command line that starts this assistant: the single executable alone, or Node with the script. */
export function startCommand(execPath: string, script: string | undefined, isSea: boolean): string {
  const q = (s: string) => `"${s}"`;
  return isSea || !script ? q(execPath) : `${q(execPath)} ${q(script)}`;
}

/** True when this process is the single executable (the bundle runs inside node.exe itself). */
function runningAsSea(): boolean {
  // getBuiltinModule works in both the ES module build and the CommonJS bundle (Node 20.16+, 22.3+)
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const sea = get?.("node:sea") as { isSea(): boolean } | undefined;
  return sea?.isSea() ?? false;
}

export interface StartupDeps {
  platform: NodeJS.Platform;
  run: RegRunner;
  command: string;
}

const defaults = (): StartupDeps => ({
  platform: process.platform,
  run: reg,
  command: startCommand(process.execPath, process.argv[1], runningAsSea()),
});

/**
 * --install-startup / --remove-startup: does it and returns the line to print, or null when neither
 * flag was given. Throws with a line to print when it cannot be done.
 */
export async function startupFlag(
  argv: readonly string[],
  deps: Partial<StartupDeps> = {},
): Promise<string | null> {
  const install = argv.includes("--install-startup");
  if (!install && !argv.includes("--remove-startup")) return null;
  const d = { ...defaults(), ...deps };
  if (d.platform !== "win32")
    throw new Error(
      "Starting at login is set up by the assistant on Windows only. On macOS add the starter to " +
        "System Settings > General > Login Items; on Linux to your desktop's autostart.",
    );
  if (install) {
    await d.run(["add", RUN_KEY, "/v", RUN_VALUE, "/t", "REG_SZ", "/d", d.command, "/f"]);
    return `The print assistant now starts when you log in to Windows (${d.command}). Undo: --remove-startup`;
  }
  try {
    await d.run(["delete", RUN_KEY, "/v", RUN_VALUE, "/f"]);
  } catch (e) {
    // not there: nothing to remove (reg.exe says so in the system's language, so ask it again)
    const there = await d.run(["query", RUN_KEY, "/v", RUN_VALUE]).then(
      () => true,
      () => false,
    );
    if (there) throw e;
  }
  return "The print assistant no longer starts when you log in to Windows.";
}
