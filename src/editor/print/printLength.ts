import type { MeasureUnit } from "../../model/constants";
import { fromMm } from "../../model/units";

/** A length in the print dialog: millimetres in the user's unit, three decimals. */
export const printLength = (mm: number, unit: MeasureUnit): string => fromMm(mm, unit).toFixed(3);
