// Uploads made in a team space (issue 40): the keys go under the team's prefix when the member's
// role may write there, and under the user's own otherwise, as the server's getToken hands out the
// prefix (a key outside it is refused, so a designer's save in a team space failed before).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { uploadKey as fileKey } from "../../src/app/api/cloudFiles";
import { uploadKey as labelKey } from "../../src/app/api/cloudSave";
import { switchSpace, uploadOwner } from "../../src/app/teams/space";
import type { Role } from "../../src/model/teamRoles";

const memory = new Map<string, string>();
const storage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
};

beforeEach(() => {
  memory.clear();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

const inTeam = (role: Role) => switchSpace({ id: "team7", name: "Shop", role });

describe("the owner of an upload", () => {
  it("is the user in the personal space", () => {
    expect(uploadOwner("u1")).toBe("u1");
    expect(labelKey("u1", "tprt", "tprts")).toMatch(/^u1\/tprt\/\d{8}\//);
  });

  it("is the team for an owner or a designer of the current team: label files, previews and spreadsheets", () => {
    for (const role of ["owner", "designer"] as const) {
      inTeam(role);
      expect(uploadOwner("u1")).toBe("team7");
      expect(labelKey("u1", "tprt/preview", "png")).toMatch(/^team7\/tprt\/preview\/\d{8}\//);
      expect(fileKey("u1", "excel", "stock.xlsx")).toMatch(/^team7\/excel\/\d{8}\/.+\/stock\.xlsx$/);
    }
  });

  it("stays the user for an operator or a viewer (their printed pictures go under their own prefix)", () => {
    for (const role of ["operator", "viewer"] as const) {
      inTeam(role);
      expect(uploadOwner("u1")).toBe("u1");
      expect(labelKey("u1", "tprt/printed", "png")).toMatch(/^u1\//);
    }
    switchSpace(null);
    expect(uploadOwner("u1")).toBe("u1");
  });
});
