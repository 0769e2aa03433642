// Image: an embedded picture (or an icon); keep-proportion shows one corner handle.
import { IMAGE_THRESHOLD } from "../constants";
import { IMAGE_FIELDS } from "../file/fields";
import { loadImage, storeImage } from "../file/image";
import { readFields } from "../file/readParts";
import { fields, tag } from "../file/writeParts";
import { childText } from "../file/xml";
import type { ImageElement } from "../types";
import { BOX_HANDLES, type KindModel } from "./kind";
import { baseElement, boxKind } from "./parts";

export const imageModel: KindModel<ImageElement> = boxKind<ImageElement>({
  types: ["Image"],
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
