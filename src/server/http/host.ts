// DNS rebinding (issue 33): a page on evil.example that re-points its name at 127.0.0.1 reaches this
// server from the victim's browser with `Host: evil.example`. The operator endpoints (/healthz,
// /metrics) answer only Host names that cannot be a rebinding page's: the configured public URL's,
// this computer's (localhost, 127.0.0.1, [::1]), an IP address, or a name without a dot (a
// container's or service's name, as a proxy's health check sends it; a public page's name has dots).
import type { IncomingMessage } from "node:http";

const LOOPBACK_NAME = /^(localhost|localhost\.)$/i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const IPV6 = /^\[[0-9a-fA-F:.]{2,45}\]$/;
const SINGLE_LABEL = /^[A-Za-z0-9_-]{1,63}$/;

/** The host name of a Host header (port dropped), lower-cased, or "" when malformed. */
export function hostName(header: string | undefined): string {
  const m = /^([A-Za-z0-9._-]{1,253}|\[[0-9a-fA-F:.]{2,45}\])(?::\d{1,5})?$/.exec(header ?? "");
  return m ? m[1].toLowerCase() : "";
}

/** True when the request's Host is one the operator endpoints answer (see above). */
export function trustedHost(req: IncomingMessage, publicUrl: string | undefined): boolean {
  const name = hostName(req.headers.host);
  if (!name) return false;
  if (publicUrl) {
    try {
      if (new URL(publicUrl).hostname.toLowerCase() === name) return true;
    } catch {}
  }
  return LOOPBACK_NAME.test(name) || IPV4.test(name) || IPV6.test(name) || SINGLE_LABEL.test(name);
}
