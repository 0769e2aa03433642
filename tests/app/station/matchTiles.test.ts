// The print station's search: every word typed is in the tile's name, whatever its case or accents.
import { describe, expect, it } from "vitest";
import type { StationTile } from "../../../src/app/api/station";
import { matchTiles } from "../../../src/app/station/StationPage";

const tile = (name: string): StationTile => ({ id: name, name, image: "", width: 40, height: 30 });
const tiles = ["Shelf label", "Box 40×30", "Étiquette café", "Pallet box"].map(tile);
const names = (q: string) => matchTiles(tiles, q).map((x) => x.name);

describe("matchTiles", () => {
  it("keeps every tile for an empty search", () => {
    expect(names("  ")).toHaveLength(4);
  });
  it("finds names holding every word, ignoring case and accents", () => {
    expect(names("box")).toEqual(["Box 40×30", "Pallet box"]);
    expect(names("BOX pal")).toEqual(["Pallet box"]);
    expect(names("etiquette CAFE")).toEqual(["Étiquette café"]);
    expect(names("crate")).toEqual([]);
  });
});
