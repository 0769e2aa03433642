import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FALLBACK_FONT_FAMILY, FONT_MANIFEST } from "../../src/render/fontManifest";
import { FontRegistry } from "../../src/render/fonts";

const dir = new URL("../../public/fonts/", import.meta.url);

describe("shipped fonts", () => {
  it("public/fonts/fonts.json is the manifest the registry uses", () => {
    const json = JSON.parse(readFileSync(new URL("fonts.json", dir), "utf8"));
    expect(json).toEqual(FONT_MANIFEST);
  });

  it("every face is a glyf-outline TrueType file (subset and embedded by our PDF writer) with its licence", () => {
    for (const f of FONT_MANIFEST) {
      for (const file of [f.file, f.boldFile].filter(Boolean) as string[]) {
        const bytes = readFileSync(new URL(file, dir));
        expect(bytes.readUInt32BE(0), file).toBe(0x00010000);
        const numTables = bytes.readUInt16BE(4);
        const tags = Array.from({ length: numTables }, (_, i) =>
          bytes.toString("latin1", 12 + i * 16, 16 + i * 16),
        );
        expect(tags, file).toContain("glyf");
      }
      expect(statSync(new URL(f.licenseFile as string, dir)).size).toBeGreaterThan(1000);
      expect(f.license).toBe("OFL-1.1");
    }
    expect(FONT_MANIFEST[0].name).toBe("Noto Sans SC");
    expect(FONT_MANIFEST.some((f) => f.is_me_sp === 1)).toBe(true);
  });
});

describe("FontRegistry", () => {
  it("loads from disk in Node and reads real metrics", async () => {
    const r = new FontRegistry();
    expect(await r.load("Roboto")).toBe(true);
    const face = r.face("Roboto");
    expect(face.real).toBe(true);
    // Roboto: 'i' is much narrower than 'W'; no CJK glyphs
    expect(face.advance(0x69)).toBeLessThan(face.advance(0x57) / 2);
    expect(face.has(0x4f60)).toBe(false);
    expect(face.ascent + face.descent).toBeCloseTo(1, 6);
  });

  it("serves a real bold face when shipped, otherwise the regular face", async () => {
    const r = new FontRegistry();
    await r.ensure("Roboto", true);
    expect(r.face("Roboto", true).bold).toBe(true);
    expect(r.face("Roboto", true).advance(0x57)).not.toBe(r.face("Roboto", false).advance(0x57));
    // a family without a bold file falls back to its regular face (bold is then synthesised)
    const bytes = readFileSync(new URL("RobotoMono-Regular.ttf", dir));
    const custom = new FontRegistry({
      manifest: [{ name: "Mono Only", file: "RobotoMono-Regular.ttf", license: "OFL-1.1", is_me_sp: 0 }],
    });
    await custom.registerFace(
      "Mono Only",
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
    expect(custom.face("Mono Only", true).bold).toBe(false);
    expect(custom.face("Mono Only", true).family).toBe("Mono Only");
  });

  it("falls back to Noto Sans SC for glyphs the family lacks", async () => {
    const r = new FontRegistry();
    await r.ensure("Roboto");
    const chain = r.chain("Roboto");
    expect(chain.map((f) => f.family)).toEqual(["Roboto", FALLBACK_FONT_FAMILY]);
    expect(chain[1].has(0x4f60)).toBe(true);
  });

  it("reports failures instead of throwing, and still lays out with an approximate face", async () => {
    const failing = new FontRegistry({
      source: async () => {
        throw new Error("offline");
      },
    });
    expect(await failing.load("Roboto")).toBe(false);
    expect(await failing.load("No Such Family")).toBe(false);
    const face = failing.face("Roboto");
    expect(face.real).toBe(false);
    expect(face.advance(0x4f60)).toBe(1);
    const garbage = new FontRegistry({ source: async () => new Uint8Array([1, 2, 3, 4]).buffer });
    expect(await garbage.load("Roboto")).toBe(false);
  });

  it("dedupes concurrent loads of the same face", async () => {
    let calls = 0;
    const bytes = readFileSync(new URL("Roboto-Regular.ttf", dir));
    const r = new FontRegistry({
      source: async () => {
        calls++;
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      },
    });
    await Promise.all([r.load("Roboto"), r.load("Roboto"), r.load("Roboto")]);
    expect(calls).toBe(1);
    expect(r.bytes("Roboto")?.byteLength).toBe(bytes.byteLength);
  });
});
