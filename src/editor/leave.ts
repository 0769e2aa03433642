// Where the editor's back button (and leaving after a save) goes: to the page of the app the user
// came from (src/app/pageLinks.ts), or home when the editor was the tab's first page.
import type { NavigateFunction } from "react-router-dom";
import { HOME_ROUTE, lastPage } from "../app/pageLinks";

export function leaveEditor(navigate: NavigateFunction): void {
  navigate(lastPage() ?? HOME_ROUTE);
}
