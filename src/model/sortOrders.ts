// The six sort orders of cloud items (application.md §3 "Cloud items": name A–Z / Z–A, date ↑ / ↓,
// size ↑ / ↓), shared by the cloud data page, the cloud template page and the server's template list.
export const SORT_ORDERS = ["nameAsc", "nameDesc", "dateAsc", "dateDesc", "sizeAsc", "sizeDesc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export function isSortOrder(v: unknown): v is SortOrder {
  return (SORT_ORDERS as readonly unknown[]).includes(v);
}
