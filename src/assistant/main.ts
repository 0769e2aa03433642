// `npm run assistant`: the local print assistant (WebSocket on 127.0.0.1:9004 by default), and a
// cloud printing device when the settings name a server and a printer. Settings:
// ~/.inkless-assistant.json, see docs/printing.md. Pairing a web page is confirmed in its terminal;
// without one (a service) only with `--no-confirm` (or INKLESS_ASSISTANT_NO_CONFIRM=1): the code
// alone then pairs (docs/assistant.md).

import { APP_VERSION } from "../server/version";
import { type CloudClient, startCloudClient } from "./cloud";
import { cloudIdentity, setupCloud } from "./cloudSetup";
import { loadConfig, settingsFile } from "./config";
import { listCupsPrinters } from "./cups";
import { formatPairCode } from "./pairCode";
import { PAIR_CODE_TTL_MS } from "./pairing";
import { type RunningAssistant, startAssistant } from "./server";
import { startTerminal } from "./terminal";

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

async function main() {
  const config = loadConfig();
  const file = settingsFile();
  const noConfirm = process.argv.includes("--no-confirm") || process.env.INKLESS_ASSISTANT_NO_CONFIRM === "1";
  let running: RunningAssistant | null = null;
  // Enter in the terminal lifts a pairing lock-out (the only way besides a restart)
  const terminal = process.stdin.isTTY
    ? startTerminal(process.stdin, process.stdout, () => {
        if (running?.pairing.locked) running.pairing.unlock();
      })
    : null;
  running = await startAssistant(config, {
    log,
    settingsFile: file,
    showPairCode: (code) =>
      log(
        `Pairing code: ${formatPairCode(code)} (type it in the web app's print dialog or My printer page ` +
          `within ${PAIR_CODE_TTL_MS / 60_000} minutes; a new one is shown then)`,
      ),
    pairingLocked: () =>
      log(
        terminal
          ? "Pairing locked: too many wrong codes were tried. Press Enter here to unlock it (a new code is shown)."
          : "Pairing locked: too many wrong codes were tried. Restart the assistant to unlock it.",
      ),
    confirmPairing: noConfirm ? async () => true : terminal ? (origin) => terminal.confirm(origin) : null,
    info: () => ({ version: APP_VERSION, cloud: cloudIdentity(file) }),
  });
  console.log(`Inkless print assistant listening on ws://${config.host}:${running.port}`);
  console.log(`  settings: ${file}`);
  console.log(
    config.origins.length
      ? `  web pages allowed to print: ${config.origins.join(", ")}`
      : "  no web page paired yet",
  );
  for (const p of config.printers)
    console.log(`  ${p.name}: ${p.language} ${p.dpi} dpi at ${p.host}:${p.port}`);
  if (noConfirm) console.log("  pairing: the code alone pairs a web page (--no-confirm)");
  else if (!terminal)
    console.log(
      "  pairing: off (no terminal to confirm it): list the web app in the settings' origins, " +
        "or start the assistant with --no-confirm",
    );
  // cloud printing: registering needs the server; when it cannot be reached, try again every 30 s
  let cloud: CloudClient | null = null;
  let stopped = false;
  void (async () => {
    for (;;) {
      const setup = await setupCloud(process.env, log).catch((e: Error) => {
        log(`cloud setup failed (${e.message}); trying again in 30 s`);
        return undefined;
      });
      if (stopped || setup === null) return;
      if (setup) {
        cloud = startCloudClient(setup.settings, () => running.store.printers, {
          log,
          listCups: config.cups ? listCupsPrinters : undefined,
          reregister: setup.reregister,
        });
        void cloud.online.then(() =>
          log(
            `Cloud device ${setup.settings.sn} online at ${setup.settings.server}, printing to ${setup.settings.printer}`,
          ),
        );
        return;
      }
      await new Promise((r) => setTimeout(r, 30_000).unref());
    }
  })();
  const stop = () => {
    stopped = true;
    terminal?.close();
    void Promise.all([running?.close(), cloud?.close()]).then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e) => {
  console.error(`print assistant failed to start: ${(e as Error).message ?? e}`);
  process.exit(1);
});
