// The minimal SMTP sender against a scripted in-process SMTP server (no STARTTLS offered).
import { readFileSync } from "node:fs";
import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpSender } from "../../src/server/mail/smtp";

describe("SmtpSender", () => {
  let server: net.Server;
  let port = 0;
  const sessions: string[][] = [];
  let rejectRcpt = false;
  let offerTls = false;

  beforeAll(async () => {
    const fixture = (f: string) => readFileSync(new URL(`./fixtures/${f}`, import.meta.url));
    const serve = (sock: net.Socket | tls.TLSSocket, lines: string[], secure: boolean) => {
      let inData = false;
      let buf = "";
      const onData = (d: Buffer) => {
        buf += d.toString("utf8");
        let i = buf.indexOf("\r\n");
        while (i >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 2);
          lines.push(line);
          if (inData) {
            if (line === ".") {
              inData = false;
              sock.write("250 queued\r\n");
            }
          } else if (line.startsWith("EHLO")) {
            sock.write(
              `250-test\r\n${offerTls && !secure ? "250-STARTTLS\r\n" : ""}250-AUTH PLAIN\r\n250 OK\r\n`,
            );
          } else if (line === "STARTTLS") {
            sock.write("220 go ahead\r\n");
            sock.off("data", onData);
            const secured = new tls.TLSSocket(sock, {
              isServer: true,
              key: fixture("smtp-test.key"),
              cert: fixture("smtp-test.crt"),
            });
            lines.push("<tls>");
            serve(secured, lines, true);
            return;
          } else if (line.startsWith("AUTH PLAIN")) sock.write("235 ok\r\n");
          else if (line.startsWith("MAIL FROM")) sock.write("250 ok\r\n");
          else if (line.startsWith("RCPT TO")) sock.write(rejectRcpt ? "550 no such user\r\n" : "250 ok\r\n");
          else if (line === "DATA") {
            inData = true;
            sock.write("354 go\r\n");
          } else if (line === "QUIT") {
            sock.end("221 bye\r\n");
          }
          i = buf.indexOf("\r\n");
        }
      };
      sock.on("data", onData);
    };
    server = net.createServer((sock) => {
      const lines: string[] = [];
      sessions.push(lines);
      sock.write("220 test ESMTP\r\n");
      serve(sock, lines, false);
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it("authenticates and delivers a UTF-8 message", async () => {
    const s = new SmtpSender(
      `smtp://bob%40x.com:p%40ss@127.0.0.1:${port}`,
      "Inkless <no-reply@inkless.test>",
    );
    await s.send({ to: "ann@example.com", channel: "email", subject: "Ваш код", text: "Код 123456" });
    const lines = sessions.at(-1) as string[];
    expect(lines).toContain("MAIL FROM:<no-reply@inkless.test>");
    expect(lines).toContain("RCPT TO:<ann@example.com>");
    const auth = lines.find((l) => l.startsWith("AUTH PLAIN")) as string;
    expect(Buffer.from(auth.split(" ")[2], "base64").toString()).toBe("\0bob@x.com\0p@ss");
    const body = lines.slice(lines.indexOf("") + 1, lines.indexOf(".")).join("");
    expect(Buffer.from(body, "base64").toString("utf8")).toBe("Код 123456");
    expect(lines.find((l) => l.startsWith("Subject:"))).toBe(
      `Subject: =?UTF-8?B?${Buffer.from("Ваш код").toString("base64")}?=`,
    );
  });

  it("upgrades with STARTTLS when offered and verifies the certificate", async () => {
    offerTls = true;
    try {
      const ca = readFileSync(new URL("./fixtures/smtp-test.crt", import.meta.url));
      const s = new SmtpSender(`smtp://u:p@localhost:${port}`, "no-reply@inkless.test", 5000, { ca });
      await s.send({ to: "tls@example.com", channel: "email", subject: "s", text: "over tls" });
      const lines = sessions.at(-1) as string[];
      // Credentials and mail only after the upgrade.
      expect(lines.indexOf("<tls>")).toBeGreaterThan(-1);
      expect(lines.findIndex((l) => l.startsWith("AUTH PLAIN"))).toBeGreaterThan(lines.indexOf("<tls>"));
      expect(lines).toContain("RCPT TO:<tls@example.com>");
      // Without trusting the certificate, nothing is sent.
      const untrusted = new SmtpSender(`smtp://u:p@localhost:${port}`, "no-reply@inkless.test", 5000);
      await expect(
        untrusted.send({ to: "x@example.com", channel: "email", subject: "s", text: "t" }),
      ).rejects.toThrow();
      expect((sessions.at(-1) as string[]).some((l) => l.startsWith("AUTH"))).toBe(false);
    } finally {
      offerTls = false;
    }
  });

  it("fails with the server's reply when a command is refused", async () => {
    rejectRcpt = true;
    const s = new SmtpSender(`smtp://127.0.0.1:${port}`, "no-reply@inkless.test");
    await expect(s.send({ to: "x@example.com", channel: "email", subject: "s", text: "t" })).rejects.toThrow(
      /550/,
    );
    rejectRcpt = false;
  });
});
