// The route guard of spec §2.
import { describe, expect, it } from "vitest";
import {
  guardRedirect,
  isProtected,
  keepsShareQuery,
  PROTECTED,
  safeRedirect,
  transitionFor,
} from "../../src/app/router/guard";

const at = (pathname: string, search = "") => ({ pathname, search });

describe("guard", () => {
  it("sends a logged-out user on a protected route to login with the full intended path", () => {
    expect(guardRedirect(at("/index"), false)).toBe("/login?redirect=%2Findex");
    expect(guardRedirect(at("/editLabel", "?labelAttr=%7B%7D&labelStatus=add"), false)).toBe(
      `/login?redirect=${encodeURIComponent("/editLabel?labelAttr=%7B%7D&labelStatus=add")}`,
    );
    for (const seg of PROTECTED.slice(1)) {
      expect(guardRedirect(at(`/${seg}/x`), false)).toMatch(/^\/login\?redirect=/);
    }
  });
  it("does not guard the first entry (home), nor public routes", () => {
    expect(isProtected("/home")).toBe(false);
    expect(guardRedirect(at("/home"), false)).toBeNull();
    for (const p of ["/", "/login", "/register", "/forgetpwd", "/404", "/download", "/help/1", "/nothing"]) {
      expect(guardRedirect(at(p), false)).toBeNull();
    }
  });
  it("lets a logged-in user through protected routes", () => {
    expect(guardRedirect(at("/index"), true)).toBeNull();
    expect(guardRedirect(at("/editLabel", "?labelStatus=add"), true)).toBeNull();
  });
  it("sends a logged-in user on login to /index, or to a safe redirect query", () => {
    expect(guardRedirect(at("/login"), true)).toBe("/index");
    expect(guardRedirect(at("/login", "?redirect=%2Fuser"), true)).toBe("/user");
    expect(guardRedirect(at("/login", "?redirect=https%3A%2F%2Fevil.example"), true)).toBe("/index");
  });
  it("only follows redirects inside the app", () => {
    expect(safeRedirect(null)).toBe("/index");
    expect(safeRedirect("//evil.example/x")).toBe("/index");
    expect(safeRedirect("/\\evil.example")).toBe("/index");
    // browsers drop tabs and newlines from addresses: these would become //evil.example
    for (const sneaky of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/x\\..\\evil",
      "/ /x",
    ])
      expect(safeRedirect(sneaky)).toBe("/index");
    expect(safeRedirect("javascript:alert(1)")).toBe("/index");
    expect(safeRedirect("/login?redirect=/login")).toBe("/index");
    expect(safeRedirect("/editLabel?labelStatus=add")).toBe("/editLabel?labelStatus=add");
  });
  it("keeps the share query only for industryTemplate and editLabel", () => {
    expect(keepsShareQuery("/industryTemplate")).toBe(true);
    expect(keepsShareQuery("/editLabel")).toBe(true);
    expect(keepsShareQuery("/index")).toBe(false);
    expect(keepsShareQuery("/cloudTemplate")).toBe(false);
  });
  it("slides right when the new path has fewer segments, otherwise left", () => {
    expect(transitionFor("/help/1", "/index")).toBe("slide-right");
    expect(transitionFor("/index", "/help/1")).toBe("slide-left");
    expect(transitionFor("/index", "/user")).toBe("slide-left");
    expect(transitionFor("/index", "/")).toBe("slide-right");
  });
});
