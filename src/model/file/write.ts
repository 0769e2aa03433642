// LabelDocument → .tprt XML text. Deterministic: the same document always gives the same bytes.
import { CREATOR_PLATFORM, CREATOR_VERSION } from "../constants";
import { kindModel } from "../kinds";
import { isMirrorCopy, type LabelDocument, type LabelElement } from "../types";
import { joinCanvasList } from "./canvasList";
import { BASE_FIELDS, LABEL_FIELDS } from "./fields";
import { fields, type Out, tag } from "./writeParts";

function element(out: Out, el: LabelElement) {
  const p = "      ";
  const kind = kindModel(el.Type);
  out.push("    <DrawObject>");
  tag(out, p, "ID", el.Id);
  tag(out, p, "Type", kind.fileType ?? el.Type);
  tag(out, p, "Name", el.Name);
  fields(out, p, el, BASE_FIELDS);
  kind.write(out, p, el);
  out.push("    </DrawObject>");
}

/** The document as .tprt XML text (UTF-8 when encoded). Mirror copies are not written. */
export function writeTprt(doc: LabelDocument): string {
  const out: Out = ['<?xml version="1.0" encoding="UTF-8"?>', "<LabelFile>", "  <FileInfo>"];
  out.push(`    <Creator Platform="${CREATOR_PLATFORM}" Version="${CREATOR_VERSION}"/>`);
  fields(out, "    ", doc.attrs, LABEL_FIELDS.slice(0, 6));
  tag(out, "    ", "Canvas", joinCanvasList(doc.attrs.canvas_img));
  fields(out, "    ", doc.attrs, LABEL_FIELDS.slice(6));
  out.push("  </FileInfo>", "  <ObjectList>");
  for (const el of doc.elements) if (!isMirrorCopy(el)) element(out, el);
  out.push("  </ObjectList>", "</LabelFile>", "");
  return out.join("\n");
}
