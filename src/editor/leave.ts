// Where the editor's back button (and leaving after a save) goes: to the page of the app the user
// came from (src/app/router/lastPage.ts), or home when the editor was the tab's first page.
import type { NavigateFunction } from "react-router-dom";
import { HOME_ROUTE } from "../app/router/guard";
import { lastPage } from "../app/router/lastPage";

export function leaveEditor(navigate: NavigateFunction): void {
  navigate(lastPage() ?? HOME_ROUTE);
}
