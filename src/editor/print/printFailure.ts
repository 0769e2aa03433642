// The message of a failed print, for the label print dialog and document printing alike: the print
// assistant's own answer (translated by the assistant into the language the job was sent in), "could
// not connect" when the link to the assistant failed, the server's answer to a cloud job (its error
// catalogue, in the user's language), "delivery failed, try again" (spec §8 interface texts) when a
// cloud job never reached the server (network, time-out), the spec's tip92 otherwise. Internal error
// texts are never shown.
import { ApiError } from "../../app/api/client";
import { AssistantError } from "../../app/printing/assistantClient";
import { TIP } from "../../i18n/tips";
import { LiveDataError } from "./liveData";

/** A job refused before anything was sent (e.g. a formula that fails): its message key and values;
 * `reasonKey` in the values is translated into `reason`. */
export class PrintRefused extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** A job that could not be delivered to the server (spec §8: "delivery failed, try again"). */
export const DELIVERY_FAILED = "print.deliveryFailed";

export function printFailureText(
  error: unknown,
  t: (key: string, vars?: Record<string, string | number>) => string,
): string {
  if (error instanceof LiveDataError) return t(error.key);
  if (error instanceof PrintRefused) {
    const { reasonKey, ...vars } = error.vars;
    return t(error.key, { ...vars, reason: typeof reasonKey === "string" ? t(reasonKey, vars) : "" });
  }
  if (error instanceof AssistantError) {
    if (error.code === 0) return t(TIP.assistantUnreachable);
    if (error.message) return error.message;
  }
  if (error instanceof ApiError && error.kind === "code" && error.message) return error.message;
  if (error instanceof ApiError && error.kind === "transport") return t(DELIVERY_FAILED);
  return t(TIP.printFailed);
}
