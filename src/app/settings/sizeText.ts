// A label size as the app's pages show it, in the user's unit (mm, or inch to 3 decimals).
import type { TFunction } from "i18next";
import type { MeasureUnit } from "../../model/constants";
import { fromMm } from "../../model/units";

export function sizeText(t: TFunction, width: number, height: number, unit: MeasureUnit): string {
  return t(unit === "inch" ? "app.size.inch" : "app.home.size", {
    width: fromMm(width, unit),
    height: fromMm(height, unit),
  });
}
