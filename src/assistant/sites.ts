// The web app sites (origins) this assistant trusts, seen and forgotten by its user: at its prompt
// (`sites`, `forget <site>`), with `--list-sites` / `--forget-site <site>`, and from a trusted app's
// My printer page (manage.ts). One place for all three, so they check and answer alike.
import { normalOrigin } from "./config";
import { RequestError } from "./protocol";
import type { AssistantStore } from "./store";

/** Forgets a trusted site (written to the settings file first); answers the normal origin. Throws a
 * RequestError when the text is not a site or the site is not trusted. */
export function forgetSite(store: AssistantStore, typed: unknown): string {
  const origin = normalOrigin(typed);
  if (!origin || !store.removeOrigin(origin))
    throw new RequestError("print.assistant.unknownSite", { site: String(typed ?? "").slice(0, 300) });
  return origin;
}

/** The terminal's commands, besides Enter (lifts a pairing lock-out) and y/N answers. */
export const SITES_HELP =
  "Commands: `sites` lists the web app sites allowed to print, `forget <site>` removes one " +
  "(e.g. forget https://labels.example.com); Enter alone unlocks pairing after a lock-out.";

/** The text for the `sites` command and --list-sites. */
export const sitesText = (store: AssistantStore) =>
  store.allowedOrigins.length
    ? `Web app sites allowed to print:\n${store.allowedOrigins.map((o) => `  ${o}`).join("\n")}`
    : "No web app site is allowed to print.";

/** One line typed at the assistant's prompt (not an answer to a question): the text to show, or ""
 * for an empty line (Enter: the caller unlocks pairing). */
export function siteCommand(store: AssistantStore, line: string): string {
  const [word = "", ...rest] = line.trim().split(/\s+/);
  const cmd = word.toLowerCase();
  if (cmd === "") return "";
  if (cmd === "sites") return sitesText(store);
  if (cmd === "forget") {
    if (rest.length !== 1) return "Usage: forget <site>, e.g. forget https://labels.example.com";
    try {
      return `Forgotten: ${forgetSite(store, rest[0])} may no longer print (pair it again to allow it).`;
    } catch (e) {
      return e instanceof RequestError ? e.text("en") : `Could not forget it: ${(e as Error).message}`;
    }
  }
  return SITES_HELP;
}
