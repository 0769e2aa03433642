// Verification codes go out through a sender. The default writes them to $INKLESS_DATA/outbox/ and
// the server log; SMTP (smtp.ts) sends e-mail when INKLESS_SMTP_URL is set.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface Message {
  to: string;
  channel: "email" | "sms";
  subject: string;
  text: string;
}

export interface Sender {
  send(m: Message): Promise<void>;
}

export class OutboxSender implements Sender {
  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void,
  ) {}

  async send(m: Message): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const safeTo = m.to.replace(/[^A-Za-z0-9@._+-]/g, "_");
    await writeFile(
      join(this.dir, `${stamp}-${safeTo}.json`),
      `${JSON.stringify({ ...m, at: new Date().toISOString() }, null, 2)}\n`,
    );
    this.log(`[inkless] ${m.channel} to ${m.to}: ${m.text}`);
  }
}

/** E-mail through SMTP, anything else (phone numbers) to the outbox. */
export class RoutingSender implements Sender {
  constructor(
    private readonly email: Sender,
    private readonly fallback: Sender,
  ) {}

  send(m: Message): Promise<void> {
    return m.channel === "email" ? this.email.send(m) : this.fallback.send(m);
  }
}
