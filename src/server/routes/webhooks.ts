// The personal centre's webhook (issue 39; docs/api.md "Webhooks"): one URL a user, its signing
// secret answered once when it is saved, the latest deliveries listed. Sending: webhooks/sender.ts.
import { takeAttempt } from "../auth/rateLimit";
import { str } from "../http/body";
import { type Ctx, ok, type Routes, userOf } from "../http/context";
import { ApiError, Code } from "../http/envelope";
import {
  type DeliveryRow,
  removeWebhook,
  saveWebhook,
  userDeliveries,
  userWebhook,
} from "../services/webhooks";
import { formatTime } from "../validate";
import { checkWebhookHost, parseWebhookUrl, WEBHOOK_URL_MAX } from "../webhooks/url";

/** URLs a user may save a minute (each resolves a host name). */
const SAVES_PER_MINUTE = 10;

const deliveryOut = (d: DeliveryRow) => ({
  id: d.id,
  event: d.event,
  job_id: d.job_id,
  status: d.status,
  attempts: d.attempts,
  error: d.last_error,
  add_time: formatTime(d.created_at),
  done_time: formatTime(d.done_at),
});

async function state(ctx: Ctx) {
  const id = userOf(ctx).id;
  const hook = await userWebhook(ctx.db, id);
  return {
    webhook: hook ? { url: hook.url, add_time: formatTime(hook.created_at) } : null,
    deliveries: (await userDeliveries(ctx.db, id)).map(deliveryOut),
  };
}

export const webhookRoutes: Routes = {
  "/api/webhook/get": {
    get: true,
    auth: true,
    async handle(ctx) {
      return ok(await state(ctx));
    },
  },
  "/api/webhook/save": {
    auth: true,
    async handle(ctx) {
      const u = userOf(ctx);
      const raw = str(ctx.fields, "url", WEBHOOK_URL_MAX).trim();
      if (!(await takeAttempt(ctx.db, `webhook:save:${u.id}`, SAVES_PER_MINUTE)))
        throw new ApiError(Code.failed, "server.error.tooFrequent");
      const { config } = ctx;
      const target = parseWebhookUrl(raw, config.webhookTestHosts, [
        ctx.origin,
        ...(config.publicUrl ? [config.publicUrl] : []),
      ]);
      await checkWebhookHost(target, config.webhookResolve);
      const row = await saveWebhook(ctx.db, u.id, target.url.href);
      return ok({ url: row.url, add_time: formatTime(row.created_at), secret: row.secret });
    },
  },
  "/api/webhook/remove": {
    auth: true,
    async handle(ctx) {
      await removeWebhook(ctx.db, userOf(ctx).id);
      return ok(null);
    },
  },
};
