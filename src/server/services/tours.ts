// Guided tours a user has seen (the home tour, issue 22), so a tour closed on one computer does not
// come back on another. Route: src/server/routes/tours.ts.
import type { Queryable } from "../db";

/** The tours the app shows. */
export const TOURS = ["home"] as const;

export async function hasSeenTour(q: Queryable, userId: string, tour: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM user_tours WHERE user_id = $1 AND tour = $2", [userId, tour]);
  return rows.length > 0;
}

/** Remembers that the user has seen (finished or skipped) a tour; seeing it again changes nothing. */
export async function markTourSeen(q: Queryable, userId: string, tour: string): Promise<void> {
  await q.query(
    "INSERT INTO user_tours (user_id, tour) VALUES ($1, $2) ON CONFLICT (user_id, tour) DO NOTHING",
    [userId, tour],
  );
}
