// Image: an embedded picture (or an icon); keep-proportion shows one corner handle.
import { IMAGE_THRESHOLD } from "../constants";
import { bool, num, oneOfStr } from "../file/codecs";
import { c, f, SMALL_INT } from "../file/fields";
import { loadImage, storeImage } from "../file/image";
import { readFields } from "../file/readParts";
import { fields, tag } from "../file/writeParts";
import { childText } from "../file/xml";
import type { ImageElement } from "../types";
import { BOX_HANDLES, type KindModel, NO_CAPS } from "./kind";
import { baseElement, boxKind } from "./parts";

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[A-Za-z0-9+/=\r\n]+$/;

/** The image's data URI when it is one we can embed everywhere, else null (never a remote URL). */
export function safeImageHref(src: string): string | null {
  if (typeof src !== "string" || !DATA_IMAGE.test(src)) return null;
  return src.replace(/[\r\n]/g, "");
}

export const IMAGE_DISPLAY_MODES = ["COLORFUL", "BLACKWHITE"] as const;

/** The picture itself is <Data> (base64) plus <ImageFormat> (its MIME type), handled apart. */
export const IMAGE_FIELDS = [
  f("imageDisplayMode", "imageDisplayMode", c(oneOfStr(IMAGE_DISPLAY_MODES))),
  f("imageScaleType", "imageScaleType", c(num(SMALL_INT))),
  f("ISParticipating", "UniformScaling", c(bool)),
  f("Threshold", "Threshold", c(num("Threshold"))),
];

export const imageModel: KindModel<ImageElement> = boxKind<ImageElement>({
  name: "image",
  types: ["Image"],
  palette: { items: [["Image", "image"]] },
  caps: { ...NO_CAPS, picture: true },
  create: (_type, els, p) => ({
    ...baseElement("Image", els, p, 20, 20),
    Type: "Image",
    imageSrc: "",
    imageDisplayMode: "COLORFUL",
    imageScaleType: 0,
    ISParticipating: true,
    Threshold: IMAGE_THRESHOLD,
  }),
  read: (node, def, out) => {
    readFields(node, IMAGE_FIELDS, def, out);
    out.imageSrc = loadImage(
      childText(node, "Data"),
      childText(node, "ImageFormat"),
      childText(node, "ImageUrl"),
    );
  },
  write: (out, p, el) => {
    const img = storeImage(el.imageSrc);
    tag(out, p, "Data", img.data);
    tag(out, p, "ImageFormat", img.format);
    if (img.url) tag(out, p, "ImageUrl", img.url);
    fields(out, p, el, IMAGE_FIELDS);
  },
  handles: (el) => (el.ISParticipating ? ["se"] : BOX_HANDLES),
  proportional: (el) => el.ISParticipating,
  shared: () => ["ISParticipating", "imageDisplayMode"],
});
