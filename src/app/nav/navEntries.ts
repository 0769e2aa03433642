// The one list of the home shell's navigation entries (spec §2, "Navigation areas named in the
// interface"): each with its area, the bar (the primary areas) or the user menu (the personal ones),
// and the paths it may live at. The bar, the narrow screens' menu and the user menu all render it;
// an entry whose page is not routed yet is left out (no dead links).
import { HOME_ROUTE } from "../pageLinks";

export type NavArea = "bar" | "user";

export interface NavEntry {
  readonly id: string;
  readonly area: NavArea;
  /** translation key of the entry's label */
  readonly label: string;
  /** where the page may be routed, in order of preference; the first routed one is linked */
  readonly paths: readonly string[];
  /** the section of the page it opens (the settings are sections of the personal centre) */
  readonly hash?: string;
  /** only where membership is sold (INKLESS_MEMBERSHIP=off hides it) */
  readonly membership?: true;
  /** only in a team's space (the personal space has no such page) */
  readonly team?: true;
}

/** Where the purchase records are routed (under the member centre: guarded like it, spec §2). */
export const PURCHASE_RECORD_PATHS = ["/member/purchaseRecords"] as const;

export const NAV_ENTRIES: readonly NavEntry[] = [
  { id: "home", area: "bar", label: "app.nav.home", paths: [HOME_ROUTE] },
  { id: "industryTemplate", area: "bar", label: "app.nav.industryTemplate", paths: ["/industryTemplate"] },
  { id: "cloudTemplate", area: "bar", label: "app.nav.cloudTemplate", paths: ["/cloudTemplate"] },
  { id: "cloudData", area: "bar", label: "app.nav.cloudData", paths: ["/cloudData"] },
  { id: "sharingTemplates", area: "bar", label: "app.nav.sharing", paths: ["/sharingTemplates"] },
  { id: "pdfPrint", area: "bar", label: "app.nav.pdfPrint", paths: ["/pdfPrint"] },
  { id: "tools", area: "bar", label: "app.nav.tools", paths: ["/tools"] },
  { id: "myPrinter", area: "bar", label: "app.nav.myPrinter", paths: ["/myPrinter"] },
  { id: "user", area: "user", label: "app.nav.user", paths: ["/user"] },
  { id: "member", area: "user", label: "app.nav.member", paths: ["/member"], membership: true },
  { id: "expansion", area: "user", label: "app.nav.expansion", paths: ["/expansion"], membership: true },
  { id: "printRecord", area: "user", label: "app.nav.printRecord", paths: ["/printRecord"] },
  // the invite link's landing page belongs to the teams entry (the entry links the first path)
  { id: "team", area: "user", label: "app.team.title", paths: ["/team", "/team/join"] },
  { id: "station", area: "user", label: "app.station.title", paths: ["/station"], team: true },
  {
    id: "purchaseRecords",
    area: "user",
    label: "app.user.purchases.title",
    paths: PURCHASE_RECORD_PATHS,
    membership: true,
  },
  { id: "dataRecovery", area: "user", label: "app.nav.dataRecovery", paths: ["/dataRecovery"] },
  {
    id: "printSettings",
    area: "user",
    label: "app.nav.printSettings",
    paths: ["/user"],
    hash: "print-settings",
  },
  {
    id: "moreSettings",
    area: "user",
    label: "app.nav.moreSettings",
    paths: ["/user"],
    hash: "more-settings",
  },
  { id: "download", area: "user", label: "app.nav.download", paths: ["/download"] },
];

export interface RoutedNavEntry extends NavEntry {
  /** the routed path the entry links to */
  readonly to: string;
}

/**
 * The entries of `area` whose page is routed (`exists`), each with the path it links to; the
 * membership ones only when `membership` is true (sold here; null: not known yet), the team ones only
 * when `inTeam` (the current space is a team's).
 */
export function routedNav(
  area: NavArea,
  exists: (path: string) => boolean,
  membership: boolean | null = true,
  inTeam = false,
): RoutedNavEntry[] {
  return NAV_ENTRIES.flatMap((e) => {
    if (e.membership && membership !== true) return [];
    if (e.team && !inTeam) return [];
    const path = e.area === area ? e.paths.find(exists) : undefined;
    return path ? [{ ...e, to: e.hash ? `${path}#${e.hash}` : path }] : [];
  });
}
