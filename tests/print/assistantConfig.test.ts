import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, printerOf } from "../../src/assistant/config";
import { parseLpstat } from "../../src/assistant/cups";
import { parseRequest, RequestError } from "../../src/assistant/protocol";

describe("assistant settings", () => {
  it("reads printers from the config file, skipping bad entries, with defaults", () => {
    const dir = mkdtempSync(join(tmpdir(), "inkless-assistant-"));
    const file = join(dir, "cfg.json");
    writeFileSync(
      file,
      JSON.stringify({
        port: 9010,
        printers: [
          { name: "Shelf", host: "10.0.0.2" },
          { name: "Dock", host: "10.0.0.3", port: 6101, language: "zpl", dpi: 300, gap: 3 },
          { name: "", host: "x" },
          "nonsense",
          { name: "Odd", host: "h", port: 99999, dpi: 123 },
        ],
        origins: ["https://labels.example.com"],
      }),
    );
    const c = loadConfig({ INKLESS_ASSISTANT_CONFIG: file });
    expect(c.port).toBe(9010);
    expect(c.host).toBe("127.0.0.1");
    expect(c.printers).toEqual([
      { name: "Shelf", host: "10.0.0.2", port: 9100, language: "TSPL", dpi: 203, settings: {} },
      { name: "Dock", host: "10.0.0.3", port: 6101, language: "ZPL", dpi: 300, settings: { gapMm: 3 } },
      { name: "Odd", host: "h", port: 9100, language: "TSPL", dpi: 203, settings: {} },
    ]);
    expect(c.origins).toEqual(["https://labels.example.com"]);
  });

  it("takes the port and printers from the environment, and survives a missing or broken file", () => {
    const c = loadConfig({
      INKLESS_ASSISTANT_CONFIG: "/nonexistent/inkless.json",
      INKLESS_ASSISTANT_PORT: "9123",
      INKLESS_PRINTERS: '[{"name":"Env","host":"127.0.0.1","language":"ZPL"}]',
    });
    expect(c.port).toBe(9123);
    expect(c.printers.map((p) => [p.name, p.language])).toEqual([["Env", "ZPL"]]);
    expect(
      loadConfig({ INKLESS_ASSISTANT_CONFIG: "/nonexistent", INKLESS_PRINTERS: "{broken" }).printers,
    ).toEqual([]);
    expect(printerOf({ name: "__proto__", host: "h" })?.name).toBe("__proto__");
  });

  it("parses lpstat output", () => {
    expect(parseLpstat("Office_Laser\nLabel-Zebra\n\n", "e")).toEqual(["Office_Laser", "Label-Zebra"]);
    expect(
      parseLpstat(
        "printer Office_Laser is idle.  enabled since Mon\nprinter Zebra disabled since Tue -\n\treason",
        "p",
      ),
    ).toEqual(["Office_Laser", "Zebra"]);
  });

  it("refuses malformed requests with translation keys, never throwing anything else", () => {
    const key = (raw: string) => {
      try {
        parseRequest(raw);
        return "ok";
      } catch (e) {
        return e instanceof RequestError ? e.key : "crash";
      }
    };
    expect(key("not json")).toBe("print.assistant.badMessage");
    expect(key("[]")).toBe("print.assistant.badMessage");
    expect(key('{"cmd":"outputPrintting","printer":"P"}')).toBe("print.assistant.badLabel");
    expect(key('{"cmd":"outputPrintting","printer":"P","xml":"x","records":"all"}')).toBe(
      "print.assistant.badMessage",
    );
    expect(key('{"cmd":"outputPrintting","printer":"P","xml":"x","records":[{"record":1.5}]}')).toBe(
      "print.assistant.badMessage",
    );
    const ok = parseRequest(
      '{"cmd":"outputPrintting","printer":"P","xml":"x","copies":"7","sheets":{"__proto__":{"sheets":[{"sheetName":"S","data":[[1,null,"a"]]}]}}}',
    );
    expect(ok.cmd === "outputPrintting" && ok.copies).toBe(7);
    if (ok.cmd === "outputPrintting")
      expect(ok.sheets.get("__proto__")?.sheets[0].data).toEqual([["1", "", "a"]]);
    expect(({} as Record<string, unknown>).sheets).toBeUndefined();
  });
});
