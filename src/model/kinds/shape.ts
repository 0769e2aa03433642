// Shapes: rectangle, rounded rectangle, diamond, ellipse and triangle; a box with all eight handles.
import { NEW_SHAPE, ROUND_RECT_RADIUS } from "../constants";
import { bool, num } from "../file/codecs";
import { c, DASH_STYLE, f, PEN_WIDTH } from "../file/fields";
import { readFields } from "../file/readParts";
import { fields } from "../file/writeParts";
import type { ShapeElement } from "../types";
import { type KindModel, NO_CAPS, type SharedField } from "./kind";
import { baseElement, boxKind, pen, px } from "./parts";

export const SHAPE_FIELDS = [
  f("PenWidth", "PenWidth", c(num(PEN_WIDTH))),
  f("Dash", "Dash", c(bool)),
  f("DashStyle", "DashStyle", c(DASH_STYLE)),
  f("Fill", "Fill", c(bool)),
  f("CornerRadius", "CornerRadius", c(num("CornerRadius"))),
];

const SHARED: readonly SharedField[] = ["PenWidth", "Dash", "Fill"];
const ROUND_SHARED: readonly SharedField[] = [...SHARED, "CornerRadius"];

export const shapeModel: KindModel<ShapeElement> = boxKind<ShapeElement>({
  name: "shape",
  types: ["Rectangle", "RoundRectangle", "Diamond", "Ellipse", "Triangle"],
  palette: {
    group: "shape",
    items: [
      ["Rectangle", "rectangle"],
      ["RoundRectangle", "roundRectangle"],
      ["Diamond", "diamond"],
      ["Ellipse", "ellipse"],
      ["Triangle", "triangle"],
    ],
  },
  caps: { ...NO_CAPS, printerForms: { Rectangle: "box", RoundRectangle: "box", Ellipse: "ellipse" } },
  create: (type, els, p) => ({
    ...baseElement(type, els, p, px(NEW_SHAPE.width, p.multiple), px(NEW_SHAPE.height, p.multiple)),
    Type: type,
    PenWidth: pen(NEW_SHAPE.penWidth),
    Dash: false,
    DashStyle: 0,
    Fill: false,
    CornerRadius: type === "RoundRectangle" ? ROUND_RECT_RADIUS : 0,
  }),
  read: (node, def, out) => readFields(node, SHAPE_FIELDS, def, out),
  write: (out, p, el) => fields(out, p, el, SHAPE_FIELDS),
  shared: (type) => (type === "RoundRectangle" ? ROUND_SHARED : SHARED),
});
