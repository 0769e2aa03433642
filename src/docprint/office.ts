// Office documents (doc, docx, xls, xlsx, ppt, pptx) are turned into PDF on the server by LibreOffice
// (headless). The file goes up through the upload-token flow like every other upload, the server
// converts it and answers the stored PDF's address. docs/docprint.md.
import { interfaceApi } from "../app/api/client";
import { UPLOAD_BUCKET, uploadFile, uploadKey } from "../app/api/cloudSave";
import { session } from "../app/auth/session";

export async function officeToPdf(file: File): Promise<Uint8Array> {
  const userId = session.user()?.userid ?? "";
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  const token = String(
    await interfaceApi.post<string>("/api/tem.app_shared/getToken", { bucket: UPLOAD_BUCKET }),
  );
  const key = uploadKey(userId, "docprint", ext, new Date());
  const url = await uploadFile(
    { api: interfaceApi },
    token,
    key,
    new Uint8Array(await file.arrayBuffer()),
    file.type,
  );
  const pdf = await interfaceApi.post<{ url: string }>("/api/docprint/convert", { url }, { loading: false });
  const res = await fetch(pdf.url, { credentials: "same-origin" });
  if (!res.ok) throw new Error(String(res.status));
  return new Uint8Array(await res.arrayBuffer());
}
