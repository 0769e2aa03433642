// What the print dialog says when a print fails: the print assistant's own answer (already in the
// user's language, e.g. "Could not send the job to the printer: …", which the help centre's printing
// articles name), "could not connect to the print assistant" when the link itself failed, and the
// spec's tip92 for anything else (no internal error text is shown).
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { ApiError } from "../../src/app/api/client";
import { AssistantError } from "../../src/app/printing/assistantClient";
import { DELIVERY_FAILED, printFailureText } from "../../src/editor/print/printFailure";
import { TIP } from "../../src/i18n/tips";

const t = (key: string) => `<${key}>`;

describe("printFailureText", () => {
  it("shows the assistant's answer when it refused or could not send the job", () => {
    const sent = "Could not send the job to the printer: connect ECONNREFUSED 127.0.0.1:9100";
    expect(printFailureText(new AssistantError(500, sent), t)).toBe(sent);
  });

  it("says the assistant could not be reached when the link failed", () => {
    for (const why of ["connect", "closed", "timeout"])
      expect(printFailureText(new AssistantError(0, why), t)).toBe(t(TIP.assistantUnreachable));
  });

  it("shows the server's answer to a cloud job, not a transport error's text", () => {
    expect(printFailureText(new ApiError("code", "The device is offline", 1, null, 200), t)).toBe(
      "The device is offline",
    );
  });

  it("says delivery failed, try again, when a cloud job never reached the server", () => {
    expect(printFailureText(new ApiError("transport", "Failed to fetch"), t)).toBe(t(DELIVERY_FAILED));
    expect(t(DELIVERY_FAILED)).toBe("<print.deliveryFailed>");
    expect(en[DELIVERY_FAILED]).toBe("Delivery failed, try again");
  });

  it("falls back to tip92 for other failures and an empty answer", () => {
    expect(printFailureText(new TypeError("x is undefined"), t)).toBe(t(TIP.printFailed));
    expect(printFailureText(new AssistantError(500, ""), t)).toBe(t(TIP.printFailed));
    expect(printFailureText(undefined, t)).toBe(t(TIP.printFailed));
  });
});
