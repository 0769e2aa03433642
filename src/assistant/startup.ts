// Starting the print assistant at login (`--install-startup` / `--remove-startup`). Windows: a
// value in the user's own Run key (HKCU\Software\Microsoft\Windows\CurrentVersion\Run, no admin
// rights), written and removed with reg.exe; Windows then opens the assistant's console window, with
// its pairing code, each time the user logs in. macOS: a LaunchAgent (launchAgent.ts).
import { execFile } from "node:child_process";
import { homedir } from "node:os";
import { settingsFile } from "./config";
import { type AgentPlace, installAgent, type LaunchctlRunner, removeAgent } from "./launchAgent";

export const RUN_KEY = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run";
export const RUN_VALUE = "Inkless print assistant";

/** Runs reg.exe with these arguments; rejects with its message when it fails. */
export type RegRunner = (args: readonly string[]) => Promise<string>;

/** Runs a system tool (reg.exe, launchctl); rejects with its message when it fails. */
const tool =
  (cmd: string) =>
  (args: readonly string[]): Promise<string> =>
    new Promise((resolve, reject) =>
      execFile(cmd, [...args], { windowsHide: true }, (e, stdout, stderr) =>
        e ? reject(new Error(String(stderr || e.message).trim())) : resolve(String(stdout)),
      ),
    );

/** What starts this assistant: the single executable alone, or Node with the script. */
export function startProgram(execPath: string, script: string | undefined, isSea: boolean): string[] {
  return isSea || !script ? [execPath] : [execPath, script];
}

/** The same as one Windows command line (each part quoted). */
export const startCommand = (program: readonly string[]) => program.map((s) => `"${s}"`).join(" ");

/** True when this process is the single executable (the bundle runs inside node.exe itself). */
function runningAsSea(): boolean {
  // getBuiltinModule works in both the ES module build and the CommonJS bundle (Node 20.16+, 22.3+)
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const sea = get?.("node:sea") as { isSea(): boolean } | undefined;
  return sea?.isSea() ?? false;
}

export interface StartupDeps {
  platform: NodeJS.Platform;
  /** reg.exe (Windows) */
  run: RegRunner;
  /** what starts this assistant (startProgram) */
  program: readonly string[];
  /** macOS: where the LaunchAgent goes and how it is loaded */
  mac: AgentPlace;
  /** the settings file the started assistant uses (the one this run uses) */
  settings: string;
}

/** launchctl when this system has it (a Mac), else null. */
const launchctl = (): LaunchctlRunner | null =>
  process.platform === "darwin" ? tool("/bin/launchctl") : null;

const defaults = (): StartupDeps => ({
  platform: process.platform,
  run: tool("reg.exe"),
  program: startProgram(process.execPath, process.argv[1], runningAsSea()),
  mac: { home: homedir(), domain: `gui/${process.getuid?.() ?? 0}`, launchctl: launchctl() },
  settings: settingsFile(),
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
  if (d.platform === "darwin")
    return install
      ? installAgent(d.mac, d.program, { INKLESS_ASSISTANT_CONFIG: d.settings })
      : removeAgent(d.mac);
  if (d.platform !== "win32")
    throw new Error(
      "Starting at login is set up by the assistant on Windows and macOS only. On Linux add it to " +
        "your desktop's autostart (or a systemd user service).",
    );
  if (install) {
    const command = startCommand(d.program);
    await d.run(["add", RUN_KEY, "/v", RUN_VALUE, "/t", "REG_SZ", "/d", command, "/f"]);
    return `The print assistant now starts when you log in to Windows (${command}). Undo: --remove-startup`;
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
