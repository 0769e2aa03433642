// The QR centre image control (spec §9 "QR centre mirror image 30 % of the shorter side"): choose a
// jpeg/png under the same rules as the Image element (tip39, size limit tip30 + tip31), see it, remove
// it. Choosing one sets error correction H, which the encoder also forces while a picture is set.
import { useTranslation } from "react-i18next";
import { message } from "../../app/ui/message";
import { IMAGE_FILE_ACCEPT, useFilePicker } from "../../app/ui/useFilePicker";
import { readImageUpload } from "../../editor/images/readUpload";
import { useEditorContext } from "../../editor/state/context";
import { TIP } from "../../i18n/tips";
import { safeImageHref } from "../../model/kinds/image";
import type { QRCodeElement } from "../../model/types";

/**
 * The picture to keep from what FileReader gave: a png/jpeg data URL. A file the browser could not
 * type (no MIME type) is recognised by its first bytes; anything else is null (tip39).
 */
export function centreImageFromDataUrl(raw: string): string | null {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(raw);
  if (!m?.[2]) return null;
  const b64 = m[3];
  const type = m[1] === "image/jpg" ? "image/jpeg" : m[1];
  const sniffed = b64.startsWith("iVBORw0KGgo") ? "image/png" : b64.startsWith("/9j/") ? "image/jpeg" : "";
  // the contents decide: a GIF renamed .png is still refused
  if (!sniffed || (type.startsWith("image/") && type !== sniffed)) return null;
  return safeImageHref(`data:${sniffed};base64,${b64}`);
}

export function CentreImageField({ el }: { readonly el: QRCodeElement }) {
  const { t } = useTranslation();
  const { store } = useEditorContext();
  const href = el.CenterImage ? safeImageHref(el.CenterImage) : null;

  const set = (src: string) => store.send({ type: "qr.centreImage", id: el.Id, src });
  const choose = async (file: File) => {
    const raw = await readImageUpload(file, t);
    if (raw === null) return;
    // a file named .png whose contents the browser could not type is still the wrong type
    const src = centreImageFromDataUrl(raw);
    if (src) set(src);
    else message.warning(t(TIP.imageTypeRefused));
  };

  const picker = useFilePicker({
    accept: IMAGE_FILE_ACCEPT,
    label: t("editor.code.centreImageChoose"),
    testId: "panel-code-centre-file",
    onFiles: ([f]) => void choose(f),
  });

  return (
    <div className="ink-field" data-testid="panel-code-centre-image">
      <span>{t("editor.code.centreImage")}</span>
      {picker.input}
      {href && (
        <img
          src={href}
          alt={t("editor.code.centreImagePreview")}
          style={{ width: 48, height: 48, objectFit: "contain", border: "1px solid #d0d7e2" }}
          data-testid="panel-code-centre-preview"
        />
      )}
      <div className="ink-button-row">
        <button
          type="button"
          className="ink-btn"
          data-testid="panel-code-centre-choose"
          onClick={picker.open}
        >
          {t("editor.code.centreImageChoose")}
        </button>
        {href && (
          <button
            type="button"
            className="ink-btn"
            data-testid="panel-code-centre-remove"
            onClick={() => set("")}
          >
            {t("editor.code.centreImageRemove")}
          </button>
        )}
      </div>
      {href && <span className="ink-panel-note">{t("editor.code.centreImageNote")}</span>}
    </div>
  );
}
