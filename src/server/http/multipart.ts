// A small multipart/form-data parser over an already size-limited body buffer.
import { ApiError, Code } from "./envelope";

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
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

/** Splits the body into parts; malformed input raises code 209 (never an exception elsewhere). */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const bad = () => new ApiError(Code.failed, "server.error.badForm");
  const delim = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delim);
  if (pos < 0) throw bad();
  for (let guard = 0; guard < 1000; guard++) {
    pos += delim.length;
    if (body.subarray(pos, pos + 2).toString() === "--") return parts;
    if (body.subarray(pos, pos + 2).toString() !== "\r\n") throw bad();
    pos += 2;
    const headEnd = body.indexOf("\r\n\r\n", pos);
    if (headEnd < 0) throw bad();
    const headers = body.subarray(pos, headEnd).toString("utf8").split("\r\n");
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headEnd + 4);
    if (next < 0) throw bad();
    const disp = headers.find((h) => /^content-disposition:/i.test(h));
    const type = headers.find((h) => /^content-type:/i.test(h));
    const name = disp ? headerParam(disp, "name") : undefined;
    if (name !== undefined) {
      parts.push({
        name,
        filename: disp ? headerParam(disp, "filename") : undefined,
        contentType: type?.split(":")[1]?.trim(),
        data: body.subarray(headEnd + 4, next),
      });
    }
    pos = next + 2;
  }
  throw bad();
}
