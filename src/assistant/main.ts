// `npm run assistant`: the local print assistant (WebSocket on 127.0.0.1:9004 by default).
// Settings: ~/.inkless-assistant.json, see docs/printing.md.
import { loadCloudSettings, startCloudClient } from "./cloud";
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
  const cloudSettings = loadCloudSettings();
  const cloud = cloudSettings
    ? startCloudClient(cloudSettings, config.printers, {
        log: (line) => console.log(`${new Date().toISOString()} ${line}`),
      })
    : null;
  if (cloudSettings)
    void cloud?.online.then(() =>
      console.log(
        `Cloud device ${cloudSettings.sn} online at ${cloudSettings.server}, printing to ${cloudSettings.printer}`,
      ),
    );
  const stop = () => void Promise.all([running.close(), cloud?.close()]).then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e) => {
  console.error(`print assistant failed to start: ${(e as Error).message ?? e}`);
  process.exit(1);
});
