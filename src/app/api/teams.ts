// Team calls (docs/api.md "Teams"): the user's teams, a team's members and invitations, invite,
// accept/decline, roles, removal and leaving, and buying seats.
import type { Role } from "../../model/teamRoles";
import { interfaceApi } from "./client";

export interface Team {
  id: string;
  name: string;
  role: Role;
  members: number;
}
export interface Member {
  user_id: string;
  account: string;
  nickname: string;
  role: Role;
}
export interface TeamDetail {
  id: string;
  name: string;
  role: Role;
  members: Member[];
  invites: { id: string; account: string; role: Role; expires_at: string }[];
  /** included plus bought seats, and those taken by members and open invitations by account */
  seats: { included: number; bought: number; total: number; used: number };
  /** what one seat costs (owners, where seats can be paid here), else null */
  seat_plan: { price: string; currency_symbol: string; term: string } | null;
}
export interface Invite {
  id: string;
  team_id: string;
  team_name: string;
  role: Role;
  expires_at: string;
}

export const listTeams = () => interfaceApi.get<Team[]>("/api/team/list", {}, { loading: false });
export const createTeam = (name: string) => interfaceApi.post<Team>("/api/team/create", { name });
export const teamDetail = (id: string) =>
  interfaceApi.get<TeamDetail>("/api/team/detail", { id }, { loading: false });
export const inviteAccount = (id: string, account: string, role: Role) =>
  interfaceApi.post("/api/team/invite", { id, account, role });
export const inviteLink = (id: string, role: Role, days: number) =>
  interfaceApi.post<{ id: string; url: string }>("/api/team/inviteLink", { id, role, days });
export const withdrawInvite = (id: string, invite: string) =>
  interfaceApi.post("/api/team/withdrawInvite", { id, invite });
export const myInvites = () => interfaceApi.get<Invite[]>("/api/team/invites", {}, { loading: false });
export const linkInfo = (token: string) =>
  interfaceApi.get<{ team_id: string; team_name: string; role: Role }>("/api/team/linkInfo", { token });
export const acceptInvite = (by: { invite: string } | { token: string }) =>
  interfaceApi.post<{ team_id: string }>("/api/team/accept", by);
export const declineInvite = (invite: string) => interfaceApi.post("/api/team/decline", { invite });
export const setRole = (id: string, user: string, role: Role) =>
  interfaceApi.post("/api/team/setRole", { id, user, role });
export const removeMember = (id: string, user: string) =>
  interfaceApi.post("/api/team/removeMember", { id, user });
/** Starts buying seats: the provider's checkout page to go to (the seats come with its callback). */
export const buySeats = (id: string, seats: number) =>
  interfaceApi.post<{ o_id: string; url: string }>("/api/team/buySeats", { id, seats });
export const leaveTeam = (id: string) => interfaceApi.post("/api/team/leave", { id });

/** One event of a team's audit log (detail already in the caller's language). */
export interface TeamEvent {
  id: string;
  member_id: string;
  member: string;
  action: string;
  subject: string;
  detail: string;
  time: string;
}
/** What the audit log is filtered by (empty: all); dates as yyyy-MM-dd, inclusive. */
export interface TeamEventFilter {
  member: string;
  action: string;
  from: string;
  to: string;
}
export const teamAudit = (id: string, filter: TeamEventFilter, page: number, size: number) =>
  interfaceApi.get<{ list: TeamEvent[]; count: number }>(
    "/api/team/audit",
    { id, ...filter, page, size },
    { loading: false },
  );
export const teamAuditCsv = (id: string, filter: TeamEventFilter) =>
  interfaceApi.get<{ csv: string }>("/api/team/auditCsv", { id, ...filter });
/** A team's version retention (0 days: no age limit) and what its kept versions use. */
export interface TeamVersions {
  kept: number;
  days: number;
  versions: number;
  bytes: number;
}
export const teamVersions = (id: string) =>
  interfaceApi.get<TeamVersions>("/api/team/versions", { id }, { loading: false });
export const setVersionRetention = (id: string, kept: number, days: number) =>
  interfaceApi.post("/api/team/setVersionRetention", { id, kept, days });
