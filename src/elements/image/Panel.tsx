// Attribute panel of an Image element (spec §3 Image, §5 Uploads): upload a jpeg/png within the size
// limit or choose a cloud image (CloudImageChooser), keep proportion, display mode (colourful, or black-white: the threshold-127 preview of what
// a thermal printer prints).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { message } from "../../app/ui/message";
import { IMAGE_FILE_ACCEPT, useFilePicker } from "../../app/ui/useFilePicker";
import { CloudImageChooser } from "../../editor/images/CloudImageChooser";
import { readCloudImage } from "../../editor/images/cloud";
import { configuredImageLimitKb, readImageUpload, warnRefusedImage } from "../../editor/images/readUpload";
import { Check, Choice } from "../../editor/panels/fields/controls";
import { useElementUpdate } from "../../editor/panels/fields/useElementUpdate";
import { TIP } from "../../i18n/tips";
import { proportionalHeight } from "../../image/upload";
import { IMAGE_THRESHOLD } from "../../model/constants";
import type { ImageElement } from "../../model/types";
import { prepareThreshold } from "../../render/imageThreshold";

function naturalSize(src: string): Promise<{ w: number; h: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ w: img.naturalWidth, h: img.naturalHeight });
    img.onerror = () => reject(new Error("image"));
    img.src = src;
  });
}

export function ImagePanel({ el: img }: { readonly el: ImageElement }) {
  const { t } = useTranslation();
  const update = useElementUpdate();
  const [preview, setPreview] = useState<string | null>(null);
  const [cloud, setCloud] = useState(false);
  const bw = img.imageDisplayMode === "BLACKWHITE";
  useEffect(() => {
    let live = true;
    setPreview(null);
    if (bw && img.imageSrc.startsWith("data:image/"))
      prepareThreshold(img.imageSrc, IMAGE_THRESHOLD).then((p) => live && setPreview(p));
    return () => {
      live = false;
    };
  }, [bw, img.imageSrc]);

  const place = async (src: string) => {
    const { w, h } = await naturalSize(src);
    update.element(img, { imageSrc: src, Height: proportionalHeight(img.Width, w, h) });
  };
  const upload = async (file: File) => {
    const src = await readImageUpload(file, t);
    if (src === null) return;
    try {
      await place(src);
    } catch {
      message.warning(t(TIP.uploadFailedOrNoFile));
    }
  };
  const fromCloud = async (url: string, name: string) => {
    const r = await readCloudImage(url, name, configuredImageLimitKb());
    if (!r.ok) return r.check ? warnRefusedImage(r.check, t) : message.warning(t(TIP.uploadFailedOrNoFile));
    try {
      await place(r.src);
    } catch {
      message.warning(t(TIP.uploadFailedOrNoFile));
    }
  };

  const picker = useFilePicker({
    accept: IMAGE_FILE_ACCEPT,
    label: t("elements.image.upload"),
    testId: "panel-image-file",
    onFiles: ([f]) => void upload(f),
  });

  return (
    <fieldset className="ink-panel-group">
      <legend>{t("elements.image.title")}</legend>
      {picker.input}
      <button type="button" className="ink-btn" data-testid="panel-image-upload" onClick={picker.open}>
        {t("elements.image.upload")}
      </button>
      <button
        type="button"
        className="ink-btn"
        data-testid="panel-image-cloud"
        onClick={() => setCloud(true)}
      >
        {t("elements.image.cloud")}
      </button>
      {cloud && (
        <CloudImageChooser onConfirm={(f) => void fromCloud(f.url, f.name)} onClose={() => setCloud(false)} />
      )}
      <Check
        label={t("elements.image.keepProportion")}
        checked={img.ISParticipating}
        testId="panel-image-proportion"
        onChange={(v) => update.element(img, { ISParticipating: v })}
      />
      <Choice
        label={t("elements.image.displayMode")}
        value={bw ? "BLACKWHITE" : "COLORFUL"}
        options={[
          { value: "COLORFUL", label: t("elements.image.colorful") },
          { value: "BLACKWHITE", label: t("elements.image.blackWhite") },
        ]}
        testId="panel-image-mode"
        onChange={(v: string) => update.element(img, { imageDisplayMode: v })}
      />
      {bw && preview && (
        <img
          src={preview}
          alt={t("elements.image.preview")}
          className="ink-image-preview"
          style={{
            width: "100%",
            maxHeight: 160,
            objectFit: "contain",
            imageRendering: "pixelated",
            border: "1px solid #d0d7e2",
          }}
          data-testid="panel-image-preview"
        />
      )}
    </fieldset>
  );
}
