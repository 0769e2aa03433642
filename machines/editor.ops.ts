// Which pure op each editor event runs (src/model/ops), on the current document and selection.
import {
  addNewElement,
  alignElements,
  bringToTop,
  deleteTableColumn,
  deleteTableRow,
  distributeElements,
  insertTableColumn,
  insertTableRow,
  mergeTableCells,
  nudgeElements,
  type OpResult,
  pasteElements,
  rotateElements,
  rotateElementsBy,
  selectedTable,
  sendToBottom,
  setTableSizes,
  splitTableCell,
  toggleAntiMirror,
  toggleLock,
  toggleMirror,
  updateElement,
  updateElements,
  updateLabelAttrs,
  updateSelected,
  updateTableCells,
} from "../src/model/ops";
import { type EditorContext, type EditorEvent, selectionOf } from "./editor.types";

/** The result of the op an event asks for (null: not an op event). */
export function opFor(context: EditorContext, event: EditorEvent): OpResult | null {
  const doc = context.doc;
  const sel = selectionOf(context);
  switch (event.type) {
    case "doc.apply":
      return event.op(doc, sel);
    case "element.add": {
      const { type: _t, elementType, ...opts } = event;
      return addNewElement(doc, elementType, opts);
    }
    case "element.update":
      return updateElement(doc, event.id, event.patch);
    case "elements.update":
      return updateElements(doc, event.patches);
    case "selection.update":
      return updateSelected(doc, sel, event.patch);
    case "table.cells.update":
      return updateTableCells(doc, event.id, event.cells, event.patch);
    case "label.update":
      return updateLabelAttrs(doc, event.patch);
    case "elements.nudge":
      return nudgeElements(doc, sel, event.dx, event.dy);
    case "elements.align":
      return alignElements(doc, sel, event.how);
    case "elements.distribute":
      return distributeElements(doc, sel, event.axis);
    case "elements.order":
      return event.to === "top" ? bringToTop(doc, sel) : sendToBottom(doc, sel);
    case "elements.rotate":
      return rotateElements(doc, sel, event.rotate);
    case "elements.rotate.by":
      return rotateElementsBy(doc, sel, event.by);
    case "elements.lock.toggle":
      return toggleLock(doc, sel);
    case "elements.mirror.toggle":
      return toggleMirror(doc, sel);
    case "elements.antiMirror.toggle":
      return toggleAntiMirror(doc, sel);
    case "clipboard.paste":
      return pasteElements(doc, context.clipboard, context.pasteCount + 1);
    case "table.row.insert":
    case "table.row.delete":
    case "table.column.insert":
    case "table.column.delete":
    case "table.cells.merge":
    case "table.cells.split": {
      const t = selectedTable(doc, sel);
      if ("refused" in t) return t;
      if (event.type === "table.row.insert") return insertTableRow(doc, t.Id, event.at ?? t.Row);
      if (event.type === "table.row.delete") return deleteTableRow(doc, t.Id, event.index ?? t.Row - 1);
      if (event.type === "table.column.insert") return insertTableColumn(doc, t.Id, event.at ?? t.Column);
      if (event.type === "table.column.delete")
        return deleteTableColumn(doc, t.Id, event.index ?? t.Column - 1);
      if (event.type === "table.cells.merge") return mergeTableCells(doc, t.Id, event.cells);
      return splitTableCell(doc, t.Id, event.cells);
    }
    case "gesture.borderEnd": {
      const b = context.borderDrag;
      return b?.sizes ? setTableSizes(doc, b.id, b.border.axis, b.sizes) : null;
    }
    default:
      return null;
  }
}

/** The events that run an op through `opFor`. */
export const OP_EVENTS = [
  "doc.apply",
  "element.add",
  "element.update",
  "elements.update",
  "selection.update",
  "table.cells.update",
  "label.update",
  "elements.nudge",
  "elements.align",
  "elements.distribute",
  "elements.order",
  "elements.rotate",
  "elements.rotate.by",
  "elements.lock.toggle",
  "elements.mirror.toggle",
  "elements.antiMirror.toggle",
  "clipboard.paste",
  "table.row.insert",
  "table.row.delete",
  "table.column.insert",
  "table.column.delete",
  "table.cells.merge",
  "table.cells.split",
] as const;
