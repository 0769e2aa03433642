// The app's API called from inside a page, as the signed-in user (the page's session): JSON calls and
// uploads to the object store, for specs that set data up the way another tab or page would.
import type { Page } from "playwright-core";

/** The answer of an API call: code 200 on success, its data and the call's extras. */
// biome-ignore lint/suspicious/noExplicitAny: the specs read whatever shape the called API returns
export type ApiAnswer = { code: number; data: any; [extra: string]: any };

/** POSTs `body` as JSON to the API path (below /interface) from the page and returns the answer. */
export function apiPost(page: Page, path: string, body: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ([path, body]) =>
      (
        await fetch(`/interface${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json(),
    [path, body] as const,
  );
}

export interface UploadAs {
  readonly bucket: "hm-inkless" | "temp-inkless";
  /** the key below the user's own prefix (`<userId>/`), e.g. "img/a.png" */
  readonly path: string;
  readonly name: string;
  /** the file's bytes and type, or the address of a file the page can fetch */
  readonly source: { readonly bytes: Buffer; readonly type: string } | { readonly url: string };
}

/** Uploads a file as the signed-in user (a token for the bucket, then /interface/upload): its key and URL. */
export async function uploadAs(page: Page, up: UploadAs): Promise<{ key: string; url: string }> {
  const token = await apiPost(page, "/api/tem.app_shared/getToken", { bucket: up.bucket });
  const source =
    "url" in up.source ? up.source : { b64: up.source.bytes.toString("base64"), type: up.source.type };
  const answer = await page.evaluate(
    async ([token, key, name, source]) => {
      const file =
        "url" in source
          ? await (await fetch(source.url)).blob()
          : new Blob([Uint8Array.from(atob(source.b64), (c) => c.charCodeAt(0))], { type: source.type });
      const form = new FormData();
      form.set("token", token);
      form.set("key", key);
      form.set("file", file, name);
      return (await fetch("/interface/upload", { method: "POST", body: form })).json();
    },
    [token.data as string, `${token.prefix}${up.path}`, up.name, source] as const,
  );
  if (answer.code !== 200) throw new Error(`upload of ${up.path} refused: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** An API call that must succeed: the answer's data (an error naming the call otherwise). */
// biome-ignore lint/suspicious/noExplicitAny: the specs read whatever shape the called API returns
export async function apiData(page: Page, path: string, body: unknown): Promise<any> {
  const answer = await apiPost(page, path, body);
  if (answer.code !== 200) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

export interface SavedLabel {
  readonly name: string;
  /** the label file (.tprt) */
  readonly file: Uint8Array;
  /** the label's size in mm */
  readonly width: number;
  readonly height: number;
}

/** A label saved to the signed-in user's cloud templates as the editor saves one: the template. */
export async function saveTemplateAs(page: Page, label: SavedLabel): Promise<{ id: string; name: string }> {
  // a key the store takes (letters, digits, dashes), its own for each save
  const slug = `${label.name.replace(/[^A-Za-z0-9_-]+/g, "-")}-${Date.now().toString(36)}`;
  const up = await uploadAs(page, {
    bucket: "hm-inkless",
    path: `tprt/e2e/${slug}.tprt`,
    name: `${label.name}.tprt`,
    source: { bytes: Buffer.from(label.file), type: "application/xml" },
  });
  return apiData(page, "/api/tem.app_public/addUserTemplate", {
    name: label.name,
    parent_id: "",
    width: label.width,
    height: label.height,
    url: up.url,
  });
}
