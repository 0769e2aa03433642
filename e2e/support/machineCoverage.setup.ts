// Loaded before every e2e spec file when the run records machine coverage (vitest.e2e.config.ts).
import { afterAll } from "vitest";
import { writeSpecVisits } from "./machineCoverage";

afterAll(writeSpecVisits);
