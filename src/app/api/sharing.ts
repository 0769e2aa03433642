// Sharing templates by code (docs/api.md "Sharing templates by code"): my shares, what was shared
// with me, and the folder-sharing switch, as the /sharingTemplates page and the share link use them.
import { interfaceApi } from "./client";
import { asNumber, asText } from "./read";
import { type TemplateSummary, toSummary } from "./templates";

export type ShareKind = "template" | "folder";
export const SHARE_DAYS = [1, 7, 30] as const;
export type ShareDays = (typeof SHARE_DAYS)[number];

export interface MyShare {
  readonly id: string;
  readonly code: string;
  readonly kind: ShareKind;
  readonly name: string;
  readonly days: number;
  readonly expires: string;
  readonly expired: boolean;
  readonly uses: number;
}

/** A shared template reads like one of the user's own (no folder of theirs: classId is ""). */
export type SharedTemplate = TemplateSummary;

export interface ReceivedShare {
  readonly id: string;
  readonly code: string;
  readonly kind: ShareKind;
  readonly owner: string;
  /** the folder's name for a folder share, else "" */
  readonly folder: string;
  readonly expires: string;
  readonly templates: readonly SharedTemplate[];
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const kindOf = (v: unknown): ShareKind => (v === "folder" ? "folder" : "template");

export function toMyShare(raw: unknown): MyShare | null {
  const o = obj(raw);
  if (!o || !asText(o.id) || !asText(o.code)) return null;
  return {
    id: asText(o.id),
    code: asText(o.code),
    kind: kindOf(o.kind),
    name: asText(o.name),
    days: asNumber(o.days),
    expires: asText(o.expire_time),
    expired: asNumber(o.expired) === 1,
    uses: asNumber(o.uses),
  };
}

export function toReceived(raw: unknown): ReceivedShare | null {
  const o = obj(raw);
  if (!o || !asText(o.id)) return null;
  const templates = list(o.templates)
    .map((x) => toSummary(obj(x) ? { ...obj(x), parent_id: "" } : x))
    .filter((x): x is SharedTemplate => x !== null);
  return {
    id: asText(o.id),
    code: asText(o.code),
    kind: kindOf(o.kind),
    owner: asText(o.owner),
    folder: asText(o.folder),
    expires: asText(o.expire_time),
    templates,
  };
}

const quiet = { loading: false };

export const listMyShares = () =>
  interfaceApi.post("/api/share/mine", {}, quiet).then((d) =>
    list(d)
      .map(toMyShare)
      .filter((x): x is MyShare => x !== null),
  );
export const listReceived = () =>
  interfaceApi.post("/api/share/received", {}, quiet).then((d) =>
    list(d)
      .map(toReceived)
      .filter((x): x is ReceivedShare => x !== null),
  );
export const createShare = (kind: ShareKind, id: string, days: ShareDays) =>
  interfaceApi.post("/api/share/create", { kind, id, days }).then(toMyShare);
export const revokeShare = (id: string) => interfaceApi.post("/api/share/revoke", { id });
export const redeemShare = (code: string) =>
  interfaceApi.post("/api/share/redeem", { code }).then(toReceived);
export const removeReceived = (id: string) => interfaceApi.post("/api/share/remove", { id });
export const folderSharing = () =>
  interfaceApi.post("/api/share/settings", {}, quiet).then((d) => asNumber(obj(d)?.folder_sharing) === 1);
export const setFolderSharing = (on: boolean) => interfaceApi.post("/api/share/setFolderSharing", { on });

/** The link that opens a share (spec §2 "Editor route", with the share query): `<origin>/label/editLabel?share=CODE`. */
export function shareLink(code: string, origin = window.location.origin, base = "/label"): string {
  return `${origin}${base}/editLabel?share=${encodeURIComponent(code)}`;
}
