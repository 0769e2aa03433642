// The AI dialog's requests (application.md §7 calls 25, 27, 28 and the picture upload with purpose
// iconicLiteracy): what aiFlow.machine's actors do in the app.
import type {
  Generated,
  GenerateInput,
  Located,
  PickedFile,
  Trials,
  Uploaded,
} from "../../../machines/aiFlow.machine";
import { ShownError } from "../../../machines/aiFlow.machine";
import { ApiError, interfaceApi } from "../api/client";
import { putB64, UPLOAD_BUCKET, uploadKey } from "../api/cloudSave";
import { fetchMemberInfo } from "../api/memberInfo";
import { session } from "../auth/session";

/** Code answers were shown by the request client already (the server's Reason). */
async function shown<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError && e.kind === "code") throw new ShownError(e.message);
    throw e;
  }
}

const userId = () => session.user()?.userid ?? "";

/** Call 25: the trials left today at the user's level, and the day's total. */
export async function dayTrials(): Promise<Trials> {
  // call 2: the trials differ by membership level (application.md §6)
  const member = (await fetchMemberInfo())?.isMember ?? false;
  const d = await shown(
    interfaceApi.post<{ not_member?: number; Member?: number; how_many?: number }>(
      "/api/tem.app_shared/getDayCount",
      { user_id: userId(), type: 3 },
      { loading: false },
    ),
  );
  const left = Number(member ? d?.Member : d?.not_member);
  return { left: Number.isFinite(left) ? left : 0, total: Number(d?.how_many) || 0 };
}

function pictureSize(blob: Blob): Promise<{ width: number; height: number; preview: string }> {
  const preview = URL.createObjectURL(blob);
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight, preview });
    img.onerror = () => {
      URL.revokeObjectURL(preview);
      reject(new Error("unreadable picture"));
    };
    img.src = preview;
  });
}

/** Reads the file (a PDF: page 1 at scale 3) and uploads the picture with the token flow. */
export async function uploadPicture(picked: PickedFile): Promise<Uploaded> {
  const file = picked.file as File;
  const pdf = /\.pdf$/i.test(picked.name);
  let blob: Blob = file;
  if (pdf) {
    const { pdfFirstPage } = await import("./pdfPage");
    blob = await pdfFirstPage(new Uint8Array(await file.arrayBuffer()));
  }
  const size = await pictureSize(blob);
  const token = await shown(
    interfaceApi.post<string>("/api/tem.app_shared/getToken", { bucket: UPLOAD_BUCKET }, { loading: false }),
  );
  const ext = pdf || /\.png$/i.test(picked.name) ? "png" : "jpg";
  const url = await putB64(
    { api: interfaceApi },
    String(token),
    uploadKey(userId(), "iconicLiteracy", ext),
    new Uint8Array(await blob.arrayBuffer()),
  );
  return { url, ...size };
}

/** Call 27: the label's box in the picture, and its size in mm when a code of standard size gave it. */
export async function locateLabel(url: string): Promise<Located> {
  let mm: unknown = null;
  const boxes = await shown(
    interfaceApi.post<number[][]>(
      "/api/tem.ai_control_class/LabelAreaPositioning",
      { images: [url] },
      {
        loading: false,
        envelope: (res) => {
          mm = Array.isArray(res.mm) ? res.mm[0] : null;
        },
      },
    ),
  );
  const box = Array.isArray(boxes) ? boxes[0] : null;
  if (!Array.isArray(box) || box.length !== 4 || !box.every(Number.isFinite)) throw new Error("no box");
  const size =
    Array.isArray(mm) && mm.length === 2 && mm.every((v) => Number.isFinite(v) && v > 0)
      ? ([mm[0], mm[1]] as const)
      : null;
  return { box, mm: size };
}

/** Call 28: the label file made from the picture; answers its URL (path on this server) and size. */
export async function generateLabel(input: GenerateInput): Promise<Generated> {
  const list = await shown(
    interfaceApi.post<{ file_web?: string; width?: number; height?: number }[]>(
      "/api/tem.ai_control_class/generateLabelFile",
      {
        user_id: userId(),
        width: input.width,
        height: input.height,
        platform: 2,
        images: [input.url],
        ...(input.corners ? { corners: input.corners } : {}),
        ...(input.language ? { language: input.language } : {}),
      },
    ),
  );
  const made = Array.isArray(list) ? list[0] : undefined;
  const web = made?.file_web;
  if (typeof web !== "string" || !web) throw new Error("no file");
  return {
    fileUrl: new URL(web, window.location.href).pathname,
    width: Number(made?.width) || input.width,
    height: Number(made?.height) || input.height,
  };
}
