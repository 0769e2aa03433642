// Starting the print assistant at login. Windows: --install-startup writes the user's Run value
// with reg.exe (the executable, quoted), --remove-startup deletes it (no error when it is not
// there); reg.exe is a fake here, e2e/print/assistantWindows runs the real one under Wine. macOS: a
// LaunchAgent plist in a temporary home (a valid XML property list that runs the installed Node
// and script), loaded and unloaded with launchctl (a fake); Linux is told how instead.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { AGENT_LABEL, agentFile, agentLog, type LaunchctlRunner } from "../../src/assistant/launchAgent";
import {
  type RegRunner,
  RUN_KEY,
  RUN_VALUE,
  startCommand,
  startProgram,
  startupFlag,
} from "../../src/assistant/startup";

function fakeReg(values: Map<string, string>): { run: RegRunner; calls: string[][] } {
  const calls: string[][] = [];
  const run: RegRunner = async (args) => {
    calls.push([...args]);
    const [verb] = args;
    if (verb === "add") values.set(args[3], args[7]);
    else if (verb === "delete" || verb === "query") {
      if (!values.has(args[3]))
        throw new Error("ERROR: The system was unable to find the specified registry key or value.");
      if (verb === "delete") values.delete(args[3]);
    }
    return "";
  };
  return { run, calls };
}

const EXE = "C:\\Users\\Ana Lima\\Downloads\\inkless-assistant-windows-x64.exe";

describe("start at login", () => {
  it("does nothing without its flags", async () => {
    const { run, calls } = fakeReg(new Map());
    expect(await startupFlag(["--no-confirm"], { platform: "win32", run, program: [EXE] })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("writes the Run value with the quoted executable, and removes it again", async () => {
    const values = new Map<string, string>();
    const { run, calls } = fakeReg(values);
    const deps = { platform: "win32" as const, run, program: startProgram(EXE, undefined, true) };
    expect(await startupFlag(["--install-startup"], deps)).toContain("starts when you log in");
    expect(calls[0]).toEqual(["add", RUN_KEY, "/v", RUN_VALUE, "/t", "REG_SZ", "/d", `"${EXE}"`, "/f"]);
    expect(values.get(RUN_VALUE)).toBe(`"${EXE}"`);
    expect(await startupFlag(["--remove-startup"], deps)).toContain("no longer starts");
    expect(values.has(RUN_VALUE)).toBe(false);
    // not there any more: still fine
    expect(await startupFlag(["--remove-startup"], deps)).toContain("no longer starts");
  });

  it("names node and the script when it runs from an installed Node", () => {
    const node = startProgram("C:\\node\\node.exe", "C:\\a b\\inkless-assistant.cjs", false);
    expect(startCommand(node)).toBe('"C:\\node\\node.exe" "C:\\a b\\inkless-assistant.cjs"');
    expect(startCommand(startProgram(EXE, "C:\\ignored", true))).toBe(`"${EXE}"`);
  });

  it("passes on a failure to write, and says what to do on other systems", async () => {
    const run: RegRunner = async () => {
      throw new Error("ERROR: Access is denied.");
    };
    await expect(
      startupFlag(["--install-startup"], { platform: "win32", run, program: ["x"] }),
    ).rejects.toThrow("Access is denied");
    await expect(
      startupFlag(["--install-startup"], { platform: "linux", run, program: ["x"] }),
    ).rejects.toThrow(/Windows and macOS only.*autostart/);
  });
});

/** A property list's value as plain data (dict → object, array → array), from fast-xml-parser's ordered tree. */
type Node = Record<string, unknown> & { ":@"?: Record<string, string> };
function plistValue(node: Node): unknown {
  const [tag] = Object.keys(node).filter((k) => k !== ":@");
  const kids = node[tag] as Node[];
  const text = () => String((kids[0] as { "#text"?: unknown } | undefined)?.["#text"] ?? "");
  switch (tag) {
    case "string":
      return text();
    case "true":
      return true;
    case "false":
      return false;
    case "array":
      return kids.map(plistValue);
    case "dict": {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < kids.length; i += 2) {
        expect(Object.keys(kids[i])[0]).toBe("key");
        out[String(plistValue({ string: kids[i].key } as Node))] = plistValue(kids[i + 1]);
      }
      return out;
    }
    default:
      throw new Error(`not a plist value: ${tag}`);
  }
}

/** The agent file read as launchd would: well-formed XML, a plist 1.0 holding one dict. */
function readPlist(file: string): Record<string, unknown> {
  const text = readFileSync(file, "utf8");
  expect(XMLValidator.validate(text)).toBe(true);
  expect(text).toContain('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"');
  const tree = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    ignoreDeclaration: true,
    trimValues: true,
    parseTagValue: false,
  }).parse(text) as Node[];
  const plist = tree.find((n) => "plist" in n) as Node;
  expect(plist[":@"]?.["@_version"]).toBe("1.0");
  const [dict] = plist.plist as Node[];
  return plistValue(dict) as Record<string, unknown>;
}

describe("start at login on macOS", () => {
  const homes: string[] = [];
  const newHome = () => {
    const h = mkdtempSync(join(tmpdir(), "inkless-mac-home-"));
    homes.push(h);
    return h;
  };
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(() => {
    for (const h of homes) rmSync(h, { recursive: true, force: true });
  });

  // the unzipped package in a folder whose name needs escaping in XML
  const APP = "/Users/ana/Applications/Labels & <Co>/inkless-assistant";
  const program = startProgram(`${APP}/node/bin/node`, `${APP}/inkless-assistant.cjs`, false);

  it("writes a LaunchAgent that runs the Node it came with and its script, and loads it", async () => {
    const home = newHome();
    const calls: string[][] = [];
    const loaded = new Set<string>();
    const launchctl: LaunchctlRunner = async (args) => {
      calls.push([...args]);
      if (args[0] === "bootstrap") loaded.add(AGENT_LABEL);
      else if (!loaded.delete(AGENT_LABEL)) throw new Error("Boot-out failed: 3: No such process");
      return "";
    };
    const deps = {
      platform: "darwin" as const,
      program,
      settings: "/Users/ana/.inkless-assistant.json",
      mac: { home, domain: "gui/501", launchctl },
    };
    const said = await startupFlag(["--install-startup"], deps);
    const file = agentFile(home);
    expect(file).toBe(join(home, "Library/LaunchAgents/com.inkless.print-assistant.plist"));
    expect(said).toContain("now starts when you log in to this Mac");
    expect(said).toContain(agentLog(home));
    expect(readPlist(file)).toEqual({
      Label: AGENT_LABEL,
      ProgramArguments: [`${APP}/node/bin/node`, `${APP}/inkless-assistant.cjs`],
      EnvironmentVariables: { INKLESS_ASSISTANT_CONFIG: "/Users/ana/.inkless-assistant.json" },
      RunAtLoad: true,
      ProcessType: "Interactive",
      StandardOutPath: join(home, "Library/Logs/Inkless print assistant.log"),
      StandardErrorPath: join(home, "Library/Logs/Inkless print assistant.log"),
    });
    // launchd refuses agents others may write
    expect(statSync(file).mode & 0o022).toBe(0);
    expect(existsSync(join(home, "Library/Logs"))).toBe(true);
    // loaded into the user's login session at once (an older one unloaded first)
    expect(calls).toEqual([
      ["bootout", `gui/501/${AGENT_LABEL}`],
      ["bootstrap", "gui/501", file],
    ]);

    // installing again replaces it
    await startupFlag(["--install-startup"], deps);
    expect(calls.slice(2)).toEqual(calls.slice(0, 2));
    expect(loaded.has(AGENT_LABEL)).toBe(true);

    expect(await startupFlag(["--remove-startup"], deps)).toContain("no longer starts");
    expect(existsSync(file)).toBe(false);
    expect(loaded.has(AGENT_LABEL)).toBe(false);
    // not there any more: still fine
    expect(await startupFlag(["--remove-startup"], deps)).toContain("no longer starts");
  });

  it("uses this process's home, program and settings file; without launchctl it starts at the next login", async () => {
    const home = newHome();
    vi.stubEnv("HOME", home);
    vi.stubEnv("INKLESS_ASSISTANT_CONFIG", join(home, "settings.json"));
    // this machine is no Mac: no launchctl to load it with
    const said = await startupFlag(["--install-startup"], { platform: "darwin" });
    expect(said).not.toContain("started now");
    const plist = readPlist(agentFile(home));
    expect(plist.ProgramArguments).toEqual([process.execPath, process.argv[1]]);
    expect(plist.EnvironmentVariables).toEqual({ INKLESS_ASSISTANT_CONFIG: join(home, "settings.json") });
    await startupFlag(["--remove-startup"], { platform: "darwin" });
    expect(existsSync(agentFile(home))).toBe(false);
  });

  it("still starts it at the next login when it cannot be loaded now", async () => {
    const launchctl: LaunchctlRunner = async (args) => {
      if (args[0] === "bootstrap") throw new Error("Bootstrap failed: 5: Input/output error");
      return "";
    };
    const mac = { home: newHome(), domain: "gui/501", launchctl };
    const said = await startupFlag(["--install-startup"], {
      platform: "darwin",
      program,
      settings: "/s.json",
      mac,
    });
    expect(said).toContain("now starts when you log in");
    expect(said).toContain("not started now: Bootstrap failed: 5");
    expect(readPlist(agentFile(mac.home)).ProgramArguments).toEqual(program);
  });
});
