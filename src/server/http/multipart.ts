// multipart/form-data read as it arrives: the small fields before the file part (at most
// MAX_HEAD_BYTES in all) are collected first, so the caller can check them (the upload token)
// before it streams the file part's bytes to storage. Fields after the file part are ignored.
import { ApiError, Code } from "./envelope";

export const MAX_HEAD_BYTES = 64 * 1024;

export interface MultipartUpload {
  /** fields before the file part, by name */
  readonly fields: ReadonlyMap<string, string>;
  /** the file part's name, filename; null when the form has no file part */
  readonly file: { readonly name: string; readonly filename?: string } | null;
  /** the file part's bytes, read from the request as they are consumed */
  readonly bytes: AsyncIterable<Buffer>;
}

export function boundaryOf(contentType: string | undefined): string | null {
  const m = /^multipart\/form-data\s*;.*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  return m ? (m[1] ?? m[2]) : null;
}

function headerParam(header: string, name: string): string | undefined {
  const m =
    new RegExp(`;\\s*${name}="([^"]*)"`, "i").exec(header) ??
    new RegExp(`;\\s*${name}=([^;\\s]*)`, "i").exec(header);
  return m ? m[1] : undefined;
}

const bad = () => new ApiError(Code.failed, "server.error.badForm");

export async function readMultipart(body: AsyncIterable<Buffer>, boundary: string): Promise<MultipartUpload> {
  const it = body[Symbol.asyncIterator]();
  let buf = Buffer.alloc(0);
  const more = async () => {
    const n = await it.next();
    if (n.done) return false;
    buf = Buffer.concat([buf, n.value]);
    return true;
  };
  const open = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string>();
  // the first delimiter
  while (buf.indexOf(open) < 0) {
    if (buf.length > MAX_HEAD_BYTES || !(await more())) throw bad();
  }
  let pos = buf.indexOf(open) + open.length;
  for (;;) {
    while (buf.length < pos + 2) if (!(await more())) throw bad();
    if (buf.subarray(pos, pos + 2).toString() === "--") break; // the end: no file part
    if (buf.subarray(pos, pos + 2).toString() !== "\r\n") throw bad();
    let headEnd = buf.indexOf("\r\n\r\n", pos);
    while (headEnd < 0) {
      if (buf.length > MAX_HEAD_BYTES || !(await more())) throw bad();
      headEnd = buf.indexOf("\r\n\r\n", pos);
    }
    const headers = buf
      .subarray(pos + 2, headEnd)
      .toString("utf8")
      .split("\r\n");
    const disp = headers.find((h) => /^content-disposition:/i.test(h)) ?? "";
    const name = headerParam(disp, "name") ?? "";
    const filename = headerParam(disp, "filename");
    if (filename !== undefined || name === "file") {
      const rest = buf.subarray(headEnd + 4);
      return { fields, file: { name, filename }, bytes: partBytes(it, rest, next) };
    }
    let end = buf.indexOf(next, headEnd + 4);
    while (end < 0) {
      if (buf.length > MAX_HEAD_BYTES || !(await more())) throw bad();
      end = buf.indexOf(next, headEnd + 4);
    }
    if (name) fields.set(name, buf.subarray(headEnd + 4, end).toString("utf8"));
    pos = end + next.length;
  }
  return { fields, file: null, bytes: partBytes(it, Buffer.alloc(0), null) };
}

/** The part's bytes up to the next delimiter (holding back a delimiter's length so it is never cut). */
async function* partBytes(
  it: AsyncIterator<Buffer>,
  start: Buffer,
  delim: Buffer | null,
): AsyncGenerator<Buffer> {
  if (!delim) return;
  let buf = start;
  for (;;) {
    const i = buf.indexOf(delim);
    if (i >= 0) {
      if (i > 0) yield buf.subarray(0, i);
      // the rest of the body (a closing delimiter, later fields) is read and dropped
      let rest = buf.length - i;
      for (let n = await it.next(); !n.done; n = await it.next()) {
        rest += n.value.length;
        if (rest > MAX_HEAD_BYTES) throw bad();
      }
      return;
    }
    const keep = delim.length - 1;
    if (buf.length > keep) {
      yield buf.subarray(0, buf.length - keep);
      buf = buf.subarray(buf.length - keep);
    }
    const n = await it.next();
    if (n.done) throw bad();
    buf = Buffer.concat([buf, n.value]);
  }
}
