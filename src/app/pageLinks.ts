// The last page of the signed-in app shown in this tab (its path and query), so the editor's back
// button returns there (the template list, cloud data, print records…) instead of always home.
// Only the shell's pages are noted (HomeLayout): the editor, sign-in and help pages are not. Both the
// app's router and the editor (src/editor/leave.ts) use it, so it sits with the platform.

/** The home page: where login, exit-edit and the brand link go. */
export const HOME_ROUTE = "/index";

let last: string | null = null;

export function notePage(pathname: string, search: string): void {
  last = `${pathname}${search}`;
}

/** The page to go back to from the editor, or null when the editor was opened first. */
export function lastPage(): string | null {
  return last;
}
