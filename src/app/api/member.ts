// Membership and payment calls (application.md §7 calls 2–7; docs/api.md "Membership and payment").
// getMemberUser goes through the hanma client (spec call 2); the poll runs with no loading overlay.
import type { Loaded, MemberState, PaymentOrder, Plan, Privilege } from "../../model/membership";
import { hanmaApi, interfaceApi } from "./client";

export type PlanKind = "member" | "space";

export interface MemberInfoAnswer extends MemberState {
  readonly member_only?: readonly string[];
}

export interface PurchaseRecord {
  readonly source: "order" | "redeem";
  readonly kind: PlanKind;
  readonly item: string;
  readonly space_mb: number;
  readonly date: string;
  readonly valid_until: string;
  readonly price: string;
}

const quiet = { loading: false } as const;

export const getMemberUser = () =>
  hanmaApi.post<MemberInfoAnswer>("/api/tem.app_member/getMemberUser", {}, quiet);

export const getMemberList = (kind: PlanKind) =>
  interfaceApi.post<Plan[]>("/api/tem.app_member/getMemberList", { app: 3, kind }, quiet);

export const configIns = () => interfaceApi.post<Privilege[]>("/api/tem.app_member/configIns", {}, quiet);

/** Everything the upgrade dialog (or /expansion) shows, in parallel. */
export async function loadMembership(kind: PlanKind): Promise<Loaded> {
  const [plans, privileges, member] = await Promise.all([
    getMemberList(kind),
    kind === "member" ? configIns() : Promise.resolve([]),
    getMemberUser(),
  ]);
  return { plans: plans ?? [], privileges: privileges ?? [], member };
}

/** A payment order for a plan: its QR code and the checkout URL it holds. Errors are left to the caller. */
export const payScanCode = (m_id: string) =>
  interfaceApi.post<PaymentOrder>("/api/tem.app_member/payScanCode", { m_id }, quiet);

export const getStatusOrder = async (o_id: string) =>
  (await interfaceApi.post<{ status: number }>("/api/tem.app_member/getStatusOrder", { o_id }, quiet)).status;

/** Redeems a code (call 7); the server's refusal is shown by the request client. */
export const exchangeMember = (exchange_code: string) =>
  interfaceApi.post("/api/tem.app_member/exchangeMember", { exchange_code });

export interface SpaceInfo {
  readonly used: number;
  /** null when membership is off (no quota) */
  readonly total: number | null;
  readonly base_mb: number;
  readonly packages: readonly { space_mb: number; valid_until: string }[];
}

export const getSpaceInfo = () => interfaceApi.post<SpaceInfo>("/api/tem.app_member/getSpaceInfo", {}, quiet);

export const getPurchaseRecords = () =>
  interfaceApi.post<PurchaseRecord[]>("/api/tem.app_member/getPurchaseRecords", {}, quiet);
