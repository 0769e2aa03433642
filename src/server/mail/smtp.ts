// A minimal SMTP client on node:net/tls: EHLO, STARTTLS when offered, AUTH PLAIN, one message.
// Configured by INKLESS_SMTP_URL: smtp://user:pass@host:587 or smtps://user:pass@host:465.
import net from "node:net";
import tls from "node:tls";
import type { Message, Sender } from "./sender";

type Sock = net.Socket | tls.TLSSocket;

/** Reads SMTP replies (multi-line "250-…" until "250 …") from a socket. */
class Replies {
  private buf = "";
  private waiting: ((r: { code: number; text: string }) => void) | null = null;
  private lines: string[] = [];
  private failed: Error | null = null;
  private onFail: ((e: Error) => void) | null = null;

  attach(s: Sock): void {
    s.setEncoding("utf8");
    s.on("data", (d: string) => this.feed(d));
    s.on("error", (e) => this.fail(e));
    s.on("close", () => this.fail(new Error("SMTP connection closed")));
  }

  private fail(e: Error): void {
    this.failed ??= e;
    this.onFail?.(e);
  }

  private feed(d: string): void {
    this.buf += d;
    let i = this.buf.indexOf("\r\n");
    while (i >= 0) {
      const line = this.buf.slice(0, i);
      this.buf = this.buf.slice(i + 2);
      this.lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        const text = this.lines.join("\n");
        this.lines = [];
        const w = this.waiting;
        this.waiting = null;
        w?.({ code: Number(line.slice(0, 3)), text });
      }
      i = this.buf.indexOf("\r\n");
    }
  }

  next(timeoutMs: number): Promise<{ code: number; text: string }> {
    return new Promise((ok, fail) => {
      if (this.failed) return fail(this.failed);
      const t = setTimeout(() => fail(new Error("SMTP timeout")), timeoutMs);
      this.waiting = (r) => {
        clearTimeout(t);
        ok(r);
      };
      this.onFail = (e) => {
        clearTimeout(t);
        fail(e);
      };
    });
  }
}

export class SmtpSender implements Sender {
  private readonly url: URL;

  constructor(
    url: string,
    private readonly from: string,
    private readonly timeoutMs = 15000,
    /** Extra TLS options (e.g. `ca` for a private certificate authority). */
    private readonly tlsOptions: tls.ConnectionOptions = {},
  ) {
    this.url = new URL(url);
  }

  async send(m: Message): Promise<void> {
    const u = this.url;
    const implicitTls = u.protocol === "smtps:";
    const port = Number(u.port) || (implicitTls ? 465 : 587);
    let sock: Sock = implicitTls
      ? tls.connect({
          ...this.tlsOptions,
          host: u.hostname,
          port,
          servername: net.isIP(u.hostname) ? undefined : u.hostname,
        })
      : net.connect({ host: u.hostname, port });
    let replies = new Replies();
    replies.attach(sock);
    const expect = async (ok: number[]) => {
      const r = await replies.next(this.timeoutMs);
      if (!ok.includes(r.code)) throw new Error(`SMTP ${r.code}: ${r.text}`);
      return r;
    };
    const cmd = async (line: string, ok: number[]) => {
      sock.write(`${line}\r\n`);
      return expect(ok);
    };
    try {
      await expect([220]);
      let ehlo = await cmd("EHLO inkless.local", [250]);
      if (!implicitTls && /STARTTLS/i.test(ehlo.text) && u.searchParams.get("tls") !== "off") {
        await cmd("STARTTLS", [220]);
        sock.removeAllListeners("data");
        sock = tls.connect({
          ...this.tlsOptions,
          socket: sock as net.Socket,
          servername: net.isIP(u.hostname) ? undefined : u.hostname,
        });
        replies = new Replies();
        replies.attach(sock);
        await new Promise<void>((ok, fail) => {
          (sock as tls.TLSSocket).once("secureConnect", ok);
          sock.once("error", fail);
        });
        ehlo = await cmd("EHLO inkless.local", [250]);
      }
      if (u.username) {
        const auth = Buffer.from(
          `\0${decodeURIComponent(u.username)}\0${decodeURIComponent(u.password)}`,
        ).toString("base64");
        await cmd(`AUTH PLAIN ${auth}`, [235]);
      }
      const fromAddr = /<([^>]+)>/.exec(this.from)?.[1] ?? this.from;
      await cmd(`MAIL FROM:<${fromAddr}>`, [250]);
      await cmd(`RCPT TO:<${m.to}>`, [250, 251]);
      await cmd("DATA", [354]);
      const body = [
        `From: ${this.from}`,
        `To: <${m.to}>`,
        `Subject: =?UTF-8?B?${Buffer.from(m.subject).toString("base64")}?=`,
        `Date: ${new Date().toUTCString()}`,
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from(m.text).toString("base64").replace(/.{76}/g, "$&\r\n"),
      ].join("\r\n");
      await cmd(`${body}\r\n.`, [250]);
      await cmd("QUIT", [221]).catch(() => {});
    } finally {
      sock.destroy();
    }
  }
}
