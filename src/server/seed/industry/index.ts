// The industry template library (application.md: "industry templates"): labels drawn from the
// TypeScript sources in this folder, one file per industry, shipped to every user read-only.
import type { Industry } from "./build";
import { cables } from "./cables";
import { clothing } from "./clothing";
import { electronics } from "./electronics";
import { food } from "./food";
import { jewellery } from "./jewellery";
import { library } from "./library";
import { logistics } from "./logistics";
import { office } from "./office";
import { pharmacy } from "./pharmacy";
import { restaurant } from "./restaurant";
import { retail } from "./retail";

export {
  buildTemplate,
  type Industry,
  type IndustryTemplate,
  industryNameKey,
  templateNameKey,
} from "./build";

export const INDUSTRIES: readonly Industry[] = [
  retail,
  clothing,
  food,
  logistics,
  electronics,
  pharmacy,
  jewellery,
  cables,
  office,
  restaurant,
  library,
];
