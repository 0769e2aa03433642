// The bench's other side, in its own process as on a user's computer (the print assistant is its own
// program): a fake TCP label printer and the print assistant sending it TSPL at 203 dpi. Tells the
// parent the assistant's port, then the time (ms since the epoch) each label's bitmap reaches the printer.
import { benchAssistant } from "../../tests/print/support/benchAssistant";

const PRINTER = process.argv[2] || "Bench";

async function main() {
  const send = (m: unknown) => process.send?.(m);
  const { assistant, printer } = await benchAssistant(PRINTER);
  const marker = Buffer.from("BITMAP ");
  let tail = Buffer.alloc(0); // a marker may come in two chunks
  printer.onData = (chunk) => {
    const at = performance.timeOrigin + performance.now();
    const seen = Buffer.concat([tail, chunk]);
    for (let i = seen.indexOf(marker); i >= 0; i = seen.indexOf(marker, i + marker.length)) send({ at });
    tail = seen.subarray(Math.max(0, seen.length - marker.length + 1));
  };
  process.on("message", async (m) => {
    if (m !== "close") return;
    await assistant.close();
    await printer.close();
    process.exit(0);
  });
  send({ port: assistant.port });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
