// `npm run assistant`: the local print assistant (WebSocket on 127.0.0.1:9004 by default).
// Settings: ~/.inkless-assistant.json, see docs/printing.md.
import { loadConfig } from "./config";
import { startAssistant } from "./server";

async function main() {
  const config = loadConfig();
  const running = await startAssistant(config, {
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  console.log(`Inkless print assistant listening on ws://${config.host}:${running.port}`);
  for (const p of config.printers)
    console.log(`  ${p.name}: ${p.language} ${p.dpi} dpi at ${p.host}:${p.port}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e) => {
  console.error(`print assistant failed to start: ${(e as Error).message ?? e}`);
  process.exit(1);
});
