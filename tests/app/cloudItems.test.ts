import { describe, expect, it } from "vitest";
import {
  type DataFile,
  dataKey,
  nextFolderName,
  refuseUpload,
  SORT_ORDERS,
  sortFiles,
  toDataFolders,
} from "../../src/app/api/cloudItems";

const file = (id: string, name: string, size: number, add_time: string): DataFile => ({
  id,
  tid: "c1",
  name,
  url: `/files/u/${id}`,
  size,
  add_time,
});

const files = [
  file("a", "beta.png", 300, "2026-01-02 10:00:00"),
  file("b", "Alpha.png", 100, "2026-01-03 10:00:00"),
  file("c", "gamma 10.png", 200, "2026-01-01 10:00:00"),
  file("d", "gamma 9.png", 200, "2026-01-04 10:00:00"),
];
const names = (order: (typeof SORT_ORDERS)[number]) => sortFiles(files, order).map((f) => f.name);

describe("cloud data sort orders", () => {
  it("has the six orders of the spec", () => {
    expect([...SORT_ORDERS]).toEqual(["nameAsc", "nameDesc", "dateAsc", "dateDesc", "sizeAsc", "sizeDesc"]);
  });
  it("sorts by name case-insensitively with numbers in numeric order, and the reverse", () => {
    expect(names("nameAsc")).toEqual(["Alpha.png", "beta.png", "gamma 9.png", "gamma 10.png"]);
    expect(names("nameDesc")).toEqual(["gamma 10.png", "gamma 9.png", "beta.png", "Alpha.png"]);
  });
  it("sorts by upload time both ways", () => {
    expect(names("dateAsc")).toEqual(["gamma 10.png", "beta.png", "Alpha.png", "gamma 9.png"]);
    expect(names("dateDesc")).toEqual(["gamma 9.png", "Alpha.png", "beta.png", "gamma 10.png"]);
  });
  it("sorts by size both ways, equal sizes by name", () => {
    expect(names("sizeAsc")).toEqual(["Alpha.png", "gamma 9.png", "gamma 10.png", "beta.png"]);
    expect(names("sizeDesc")).toEqual(["beta.png", "gamma 9.png", "gamma 10.png", "Alpha.png"]);
  });
  it("does not reorder the list it is given", () => {
    sortFiles(files, "nameAsc");
    expect(files.map((f) => f.id)).toEqual(["a", "b", "c", "d"]);
  });
});

describe("default folder names", () => {
  it("starts at New folder 1 and takes the smallest free number", () => {
    expect(nextFolderName([], "New folder")).toBe("New folder 1");
    expect(nextFolderName(["Images", "New folder 1", "New folder 3"], "New folder")).toBe("New folder 2");
  });
});

describe("upload refusals", () => {
  const png = { name: "logo.PNG", type: "image/png", size: 2048 };
  it("takes png/jpg/jpeg images within the configured KB", () => {
    expect(refuseUpload(png, 1, 2)).toBeNull();
    expect(refuseUpload({ name: "a.jpeg", type: "image/jpeg", size: 10 }, 1, 2048)).toBeNull();
  });
  it("refuses other image types with tip39 and larger ones with tip30 and the limit", () => {
    expect(refuseUpload({ name: "a.gif", type: "image/gif", size: 10 }, 1, 2048)).toEqual({
      key: "tip.tip39",
    });
    expect(refuseUpload({ ...png, size: 2049 }, 1, 2)).toEqual({ key: "tip.tip30", limitKb: 2 });
  });
  it("takes xlsx, xls and csv spreadsheets and refuses anything else there", () => {
    for (const name of ["a.xlsx", "b.XLS", "c.csv"])
      expect(refuseUpload({ name, type: "", size: 10 }, 2, 1)).toBeNull();
    expect(refuseUpload(png, 2, 2048)).toEqual({ key: "server.error.sheetType" });
  });
  it("refuses an empty file", () => {
    expect(refuseUpload({ ...png, size: 0 }, 1, 2048)).toEqual({ key: "tip.tip65" });
  });
});

describe("reading the folder list", () => {
  it("keeps ids, folder ids and sizes, and drops what is not a file", () => {
    const raw = [
      {
        id: "c1",
        name: "Images",
        data: [
          { id: "f1", tid: "c1", name: "a.png", url: "/files/u/a.png", size: 512, add_time: "t" },
          null,
          3,
        ],
      },
      { id: "c2", name: "Other", data: [{ id: "f2", name: "b.png", url: "/files/u/b.png", size: "x" }] },
    ];
    expect(toDataFolders(raw)).toEqual([
      {
        id: "c1",
        name: "Images",
        files: [{ id: "f1", tid: "c1", name: "a.png", url: "/files/u/a.png", size: 512, add_time: "t" }],
      },
      {
        id: "c2",
        name: "Other",
        files: [{ id: "f2", tid: "c2", name: "b.png", url: "/files/u/b.png", size: 0, add_time: "" }],
      },
    ]);
    expect(toDataFolders({ nope: 1 })).toEqual([]);
  });
});

describe("storage keys", () => {
  it("puts the file below the user's prefix with a safe last segment", () => {
    const key = dataKey("u1", "a/b:c.png", new Date("2026-11-25T12:00:00Z"));
    expect(key).toMatch(/^u1\/cloudData\/20261125\/[a-z0-9]{12}\/a_b_c\.png$/);
  });
});
