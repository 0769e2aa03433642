// Whether the app routes a path to a page of its own (not the catch-all that sends it to /404): a
// link to a page another part of the work builds stays hidden until that page is routed.
import { matchRoutes } from "react-router-dom";
import { routes } from "./routes";

export function routeExists(path: string): boolean {
  const last = matchRoutes(routes, path)?.at(-1);
  return last !== undefined && last.route.path !== "*";
}
