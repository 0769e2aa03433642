// Making the assistant a cloud device: with a server and a printer in the settings file's `cloud`
// object but no serial/key yet, it registers itself with the server, keeps the serial, the device
// key and the verification code in the settings file, and shows serial and code: the owner binds
// the device with them on the My printer page (/label/myPrinter).
import type { CloudSettings } from "./cloud";
import { readSettings, settingsFile, writeSettings } from "./config";
import { request } from "./httpRequest";

export interface CloudIdentity {
  readonly sn: string;
  readonly key: string;
  readonly code: string;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

type Envelope = { code?: number; data?: unknown; msg?: string };

/** The server's answer to /api/device/register, or an error naming what went wrong. */
export async function registerCloudDevice(server: string, name: string): Promise<CloudIdentity> {
  const r = await request(`${server.replace(/\/+$/, "")}/interface/api/device/register`, {
    method: "POST",
    headers: { "content-type": "application/json", language: "en" },
    body: JSON.stringify({ name }),
  });
  let env: Envelope | null = null;
  try {
    env = r.json() as Envelope | null;
  } catch {
    // not JSON: refused below with the HTTP status
  }
  const d = (env?.data ?? {}) as Record<string, unknown>;
  if (env?.code !== 200 || !text(d.sn) || !text(d.key) || !text(d.code))
    throw new Error(`registration refused: ${env?.msg ?? `HTTP ${r.status}`}`);
  return { sn: text(d.sn), key: text(d.key), code: text(d.code) };
}

/** Stores the identity in the settings file's `cloud` object, keeping everything else. */
export function saveCloudIdentity(file: string, id: CloudIdentity): void {
  const all = readSettings(file);
  const cloud = all.cloud && typeof all.cloud === "object" ? (all.cloud as Record<string, unknown>) : {};
  all.cloud = { ...cloud, sn: id.sn, key: id.key, code: id.code };
  writeSettings(file, all);
}

export const bindHint = (server: string, id: { sn: string; code: string }) =>
  `To print cloud jobs here, bind this assistant at ${server}/label/myPrinter with serial ${id.sn} and verification code ${id.code}`;

/**
 * Cloud settings ready for startCloudClient: from the settings file and INKLESS_CLOUD_* variables;
 * registers first when server and printer are set but serial and key are not. Null: no cloud.
 */
export async function setupCloud(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = () => undefined,
): Promise<{
  settings: CloudSettings;
  reregister: () => Promise<{ sn: string; key: string } | null>;
} | null> {
  const file = settingsFile(env);
  const raw = readSettings(file).cloud;
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const server = (text(env.INKLESS_CLOUD_SERVER) || text(o.server)).replace(/\/+$/, "");
  const printer = text(env.INKLESS_CLOUD_PRINTER) || text(o.printer);
  const name = (text(env.INKLESS_CLOUD_NAME) || text(o.name) || "Inkless print assistant").slice(0, 100);
  if (!server || !printer || !/^https?:\/\//.test(server)) return null;
  const register = async () => {
    const id = await registerCloudDevice(server, name);
    saveCloudIdentity(file, id);
    log(bindHint(server, id));
    return { sn: id.sn, key: id.key };
  };
  let sn = text(env.INKLESS_CLOUD_SN) || text(o.sn);
  let key = text(env.INKLESS_CLOUD_KEY) || text(o.key);
  if (!sn || !key) ({ sn, key } = await register());
  else if (text(o.code) && text(o.sn) === sn)
    log(`(if not bound yet) ${bindHint(server, { sn, code: text(o.code) })}`);
  // a device configured by hand (serial and key from the environment) is not re-registered
  const own = !text(env.INKLESS_CLOUD_SN);
  return {
    settings: { server, sn, key, printer },
    reregister: async () => (own ? register().catch(() => null) : null),
  };
}

/** The cloud device this assistant registered as (for the My printer page), or null. */
export function cloudIdentity(file: string): { server: string; sn: string; code: string } | null {
  const raw = readSettings(file).cloud;
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const sn = text(o.sn);
  const code = text(o.code);
  return sn && code ? { server: text(o.server), sn, code } : null;
}
