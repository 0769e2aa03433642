// Web Worker entry: post { id, bytes: ArrayBuffer, name } and receive { id, result: ParseResult }.
// In the browser: new Worker(new URL("../spreadsheet/worker.ts", import.meta.url), { type: "module" }).
import { parseSpreadsheet } from "./index";

interface Request {
  readonly id: number;
  readonly bytes: ArrayBuffer;
  readonly name?: string;
}

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage(msg: unknown): void;
};

scope.onmessage = (e) => {
  const { id, bytes, name } = e.data ?? ({} as Request);
  const input = bytes instanceof ArrayBuffer ? bytes : new ArrayBuffer(0);
  void parseSpreadsheet(input, typeof name === "string" ? name : "").then((result) =>
    scope.postMessage({ id, result }),
  );
};
