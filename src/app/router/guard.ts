// The route guard of spec §2 as pure functions, so every rule is unit-tested without a browser.

import { isLocalPath } from "../../model/localPath";
import { HOME_ROUTE } from "../pageLinks";

/** First path segments that need a login. Checked with index > 0, so "home" itself is not guarded. */
export const PROTECTED = [
  "home",
  "index",
  "user",
  "industryTemplate",
  "cloudTemplate",
  "cloudData",
  "editLabel",
  "member",
  "expansion",
  "pdfPrint",
  "sharingTemplates",
  "printRecord",
  "dataRecovery",
  "myPrinter",
  // ours: the "online tools" area's page (spec §2 names the area, not its route)
  "tools",
] as const;

/** Navigations to these keep the share query held in session storage. */
export const SHARE_QUERY_KEEP = ["industryTemplate", "editLabel"] as const;
export const SHARE_QUERY_KEY = "shareTempQuery";

export function segments(pathname: string): string[] {
  return pathname.split("/").filter(Boolean);
}

function first(pathname: string): string {
  return segments(pathname)[0] ?? "";
}

export function isProtected(pathname: string): boolean {
  return (PROTECTED as readonly string[]).indexOf(first(pathname)) > 0;
}

/** Where the guard sends a navigation, or null to let it through. */
export function guardRedirect(to: { pathname: string; search: string }, loggedIn: boolean): string | null {
  if (!loggedIn && isProtected(to.pathname)) {
    return `/login?redirect=${encodeURIComponent(`${to.pathname}${to.search}`)}`;
  }
  // A logged-in user on login goes to /index, or to the page the redirect query was holding
  // (that is how a successful login lands where the user was going).
  if (loggedIn && first(to.pathname) === "login") {
    return safeRedirect(new URLSearchParams(to.search).get("redirect"));
  }
  return null;
}

export function keepsShareQuery(pathname: string): boolean {
  return (SHARE_QUERY_KEEP as readonly string[]).includes(first(pathname));
}

/** The share code of an editor URL (`/editLabel?share=CODE`), or "" (a label to open, labelAttr, wins). */
export function shareCodeOf(search: string): string {
  const q = new URLSearchParams(search);
  return q.has("labelAttr") ? "" : (q.get("share") ?? "").trim();
}

export type Transition = "slide-left" | "slide-right";

/** slide-right when the new path has fewer segments than the old one, otherwise slide-left. */
export function transitionFor(fromPath: string, toPath: string): Transition {
  return segments(toPath).length < segments(fromPath).length ? "slide-right" : "slide-left";
}

/**
 * The redirect query after login: only a path inside the app (starting with one "/") is followed,
 * so a crafted link cannot send the user to another site.
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!isLocalPath(raw)) return HOME_ROUTE;
  if (first(raw.split("?")[0]) === "login") return HOME_ROUTE;
  return raw;
}
