// The world the print API tests start from: a registered user with a label template in the cloud,
// a bound cloud device and a print token, and the token's caller (./tokenApi.ts).
import { serializeLabelFile } from "../../../src/model/file";
import type { LabelDocument } from "../../../src/model/types";
import { addTemplate, type Client, newUser } from "../../server/helpers";
import { printLabel } from "./label";
import { createToken, tokenApi } from "./tokenApi";

export interface PrintApiUserOptions {
  /** the template's label (the print tests' label of one record by default) */
  readonly label?: LabelDocument;
  readonly templateName?: string;
  readonly deviceName?: string;
}

/** A user's template, a bound cloud device and a print token, and the token's caller. */
export async function printApiOf(client: Client, userId: string, opts: PrintApiUserOptions = {}) {
  const file = new TextDecoder().decode(serializeLabelFile(opts.label ?? printLabel(1), "tprt"));
  const template = await addTemplate(client, userId, opts.templateName ?? "Box", { file });
  const bound = await client.call("/api/device/bind", { name: opts.deviceName ?? "Shelf" });
  if (bound.body.code !== 200) throw new Error(`device/bind: ${JSON.stringify(bound.body)}`);
  const dev: { sn: string; key: string } = bound.body.data;
  const token = await createToken(client);
  return { template, dev, token, call: tokenApi(client.base, token) };
}

/** A new user with what printApiOf makes. */
export async function printApiUser(base: string, tag: string, opts: PrintApiUserOptions = {}) {
  const { client, user } = await newUser(base, tag);
  return { client, user, ...(await printApiOf(client, user.userid, opts)) };
}
