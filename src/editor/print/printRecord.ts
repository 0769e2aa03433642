// After a successful print (application.md §7 calls 21–24): the print history record, and the use
// counters — addDowTem + userUseTem for common (library) labels, userPrivateUserTem for cloud
// labels. The client shows none of the answers; failures are ignored (printing already happened).
import type { ApiClient } from "../../app/api/core";
import type { LabelDocument } from "../../model/types";

export async function recordPrint(
  api: ApiClient,
  doc: LabelDocument,
  opts: { readonly copies: number; readonly userId: string },
): Promise<void> {
  const { id, type, name, width, height } = doc.attrs;
  const quiet = { loading: false };
  const calls: Promise<unknown>[] = [
    api.post(
      "/api/tem.app_public/printHistoryNewAdd",
      { template_id: id, name, width, height, copies: opts.copies },
      quiet,
    ),
  ];
  if (id && type === "common") {
    calls.push(api.post("/api/tem.app_public/addDowTem", { id }, quiet));
    calls.push(api.post("/api/tem.app_public/userUseTem", { id, user_id: opts.userId }, quiet));
  }
  if (id && type === "cloud")
    calls.push(api.post("/api/tem.app_public/userPrivateUserTem", { id, user_id: opts.userId }, quiet));
  await Promise.allSettled(calls);
}
