// Starting the print assistant at login on Windows: --install-startup writes the user's Run value
// with reg.exe (the executable, quoted), --remove-startup deletes it (no error when it is not
// there); other systems are told how instead. reg.exe is a fake here; e2e/print/assistantWindows
// runs the real one under Wine.
import { describe, expect, it } from "vitest";
import { type RegRunner, RUN_KEY, RUN_VALUE, startCommand, startupFlag } from "../../src/assistant/startup";

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
    expect(await startupFlag(["--no-confirm"], { platform: "win32", run, command: `"${EXE}"` })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("writes the Run value with the quoted executable, and removes it again", async () => {
    const values = new Map<string, string>();
    const { run, calls } = fakeReg(values);
    const deps = { platform: "win32" as const, run, command: startCommand(EXE, undefined, true) };
    expect(await startupFlag(["--install-startup"], deps)).toContain("starts when you log in");
    expect(calls[0]).toEqual(["add", RUN_KEY, "/v", RUN_VALUE, "/t", "REG_SZ", "/d", `"${EXE}"`, "/f"]);
    expect(values.get(RUN_VALUE)).toBe(`"${EXE}"`);
    expect(await startupFlag(["--remove-startup"], deps)).toContain("no longer starts");
    expect(values.has(RUN_VALUE)).toBe(false);
    // not there any more: still fine
    expect(await startupFlag(["--remove-startup"], deps)).toContain("no longer starts");
  });

  it("names node and the script when it runs from an installed Node", () => {
    expect(startCommand("C:\\node\\node.exe", "C:\\a b\\inkless-assistant.cjs", false)).toBe(
      '"C:\\node\\node.exe" "C:\\a b\\inkless-assistant.cjs"',
    );
    expect(startCommand(EXE, "C:\\ignored", true)).toBe(`"${EXE}"`);
  });

  it("passes on a failure to write, and says what to do on other systems", async () => {
    const run: RegRunner = async () => {
      throw new Error("ERROR: Access is denied.");
    };
    await expect(
      startupFlag(["--install-startup"], { platform: "win32", run, command: "x" }),
    ).rejects.toThrow("Access is denied");
    await expect(
      startupFlag(["--install-startup"], { platform: "darwin", run, command: "x" }),
    ).rejects.toThrow(/Windows only.*Login Items/);
  });
});
