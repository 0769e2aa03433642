// Starting the print assistant at login on macOS (`--install-startup` / `--remove-startup`): a
// LaunchAgent of the user's own (~/Library/LaunchAgents, no admin rights) that runs the Node binary
// the assistant came with and its script, at login and at once (loaded with launchctl). It runs
// without a window, so its log (with the pairing code) goes to ~/Library/Logs.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "./atomicFile";

export const AGENT_LABEL = "com.inkless.print-assistant";

/** Runs launchctl with these arguments; rejects with its message when it fails. */
export type LaunchctlRunner = (args: readonly string[]) => Promise<string>;

export interface AgentPlace {
  /** the user's home folder */
  readonly home: string;
  /** gui/<uid>: the login session the agent is loaded into */
  readonly domain: string;
  /** null when there is no launchctl (not a Mac): the agent starts at the next login only */
  readonly launchctl: LaunchctlRunner | null;
}

export const agentFile = (home: string) => join(home, "Library", "LaunchAgents", `${AGENT_LABEL}.plist`);
export const agentLog = (home: string) => join(home, "Library", "Logs", "Inkless print assistant.log");

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const str = (s: string) => `<string>${xml(s)}</string>`;

/** The agent's property list: the program and its arguments, run at load, its output in `log`. */
export function agentPlist(program: readonly string[], log: string, env: Record<string, string>): string {
  const vars = Object.entries(env)
    .map(([k, v]) => `\n\t\t<key>${xml(k)}</key>\n\t\t${str(v)}`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>Label</key>
\t${str(AGENT_LABEL)}
\t<key>ProgramArguments</key>
\t<array>${program.map((a) => `\n\t\t${str(a)}`).join("")}
\t</array>
\t<key>EnvironmentVariables</key>
\t<dict>${vars}
\t</dict>
\t<key>RunAtLoad</key>
\t<true/>
\t<key>ProcessType</key>
\t<string>Interactive</string>
\t<key>StandardOutPath</key>
\t${str(log)}
\t<key>StandardErrorPath</key>
\t${str(log)}
</dict>
</plist>
`;
}

/** Writes the agent and loads it (replacing one loaded before); the line to print. */
export async function installAgent(
  at: AgentPlace,
  program: readonly string[],
  env: Record<string, string>,
): Promise<string> {
  const file = agentFile(at.home);
  const log = agentLog(at.home);
  mkdirSync(join(at.home, "Library", "LaunchAgents"), { recursive: true });
  mkdirSync(join(at.home, "Library", "Logs"), { recursive: true });
  writeFileAtomic(file, agentPlist(program, log, env));
  let now = "";
  if (at.launchctl) {
    // an agent loaded before (an older path) is replaced: unloading one that is not there fails
    await at.launchctl(["bootout", `${at.domain}/${AGENT_LABEL}`]).catch(() => undefined);
    // launchd loads the file at the next login in any case (e.g. when this runs over ssh)
    now = await at.launchctl(["bootstrap", at.domain, file]).then(
      () => "; started now unless one already runs",
      (e) => `; not started now: ${(e as Error).message}`,
    );
  }
  return (
    `The print assistant now starts when you log in to this Mac (${file}${now}). ` +
    `It runs without a window: its log and pairing code are in ${log}. Keep this folder where it is ` +
    "(the login item runs the assistant from it). Undo: --remove-startup"
  );
}

/** Unloads and deletes the agent (no error when it is not there); the line to print. */
export async function removeAgent(at: AgentPlace): Promise<string> {
  const file = agentFile(at.home);
  if (at.launchctl) await at.launchctl(["bootout", `${at.domain}/${AGENT_LABEL}`]).catch(() => undefined);
  if (existsSync(file)) rmSync(file);
  return "The print assistant no longer starts when you log in to this Mac.";
}
