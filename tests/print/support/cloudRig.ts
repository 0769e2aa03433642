// The cloud tests' setting: a real server (PGlite) and a fake TSPL printer for the whole file; a
// cloud client a test starts (rig.cloud) is closed afterwards.
import { afterAll, beforeAll } from "vitest";
import type { CloudClient } from "../../../src/assistant/cloud";
import { ENGINES, startServer, type TestServer } from "../../server/helpers";
import { type FakePrinter, startFakePrinter } from "./fakePrinter";

export interface CloudRig {
  s: TestServer;
  printer: FakePrinter;
  cloud: CloudClient | null;
}

export function useCloudRig(): CloudRig {
  const rig = { cloud: null } as CloudRig;
  beforeAll(async () => {
    rig.s = await startServer(ENGINES[0]);
    rig.printer = await startFakePrinter();
  }, 120_000);
  afterAll(async () => {
    await rig.cloud?.close();
    await rig.printer?.close();
    await rig.s?.close();
  });
  return rig;
}
