// `npm run assistant`: the local print assistant (WebSocket on 127.0.0.1:9004 by default), and a
// cloud printing device when the settings name a server and a printer. Settings:
// ~/.inkless-assistant.json, see docs/printing.md. Pairing a web page is confirmed in its terminal;
// without one (a service) only with `--no-confirm` (or INKLESS_ASSISTANT_NO_CONFIRM=1): the code
// alone then pairs (docs/assistant.md). The sites it trusts: `sites` / `forget <site>` at its prompt,
// or `--list-sites` / `--forget-site <site>` (which only change the settings file, and exit).
// On Windows and macOS `--install-startup` / `--remove-startup` make it start at login (startup.ts),
// and exit. `--hot-folder <dir>` (or `hotFolder` in the settings) prints the CSV and JSON files
// dropped in a folder (hotFolder/, docs/assistant.md "Hot folder"); a job may name a cloud template
// by id, read from the web app (`--server <url>`) with a personal access token (`--token ink_…`,
// then kept as `apiToken` in the settings file).

import { APP_VERSION } from "../model/version";
import { type CloudClient, startCloudClient } from "./cloud";
import { cloudIdentity, setupCloud } from "./cloudSetup";
import {
  flagValue,
  loadConfig,
  queueFolder,
  readSettings,
  settingsFile,
  templateFolder,
  writeSettings,
} from "./config";
import { assistantLanguage, lockedLine, pairCodeLine, startLines, windowTitle } from "./consoleText";
import { listCupsPrinters } from "./cups";
import { OriginFonts } from "./fonts";
import { startHotFolder } from "./hotFolder/watcher";
import { RequestError } from "./protocol";
import { type RunningAssistant, startAssistant } from "./server";
import { forgetSite, siteCommand, sitesText } from "./sites";
import { startupFlag } from "./startup";
import { AssistantStore } from "./store";
import { startTerminal } from "./terminal";
import { type RunningZplPrinter, startZplPrinter } from "./zplPrinter/listener";

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

async function main() {
  const config = loadConfig();
  const file = settingsFile();
  if (siteFlags(config, file)) return;
  if (await startupFlags()) return;
  const noConfirm = process.argv.includes("--no-confirm") || process.env.INKLESS_ASSISTANT_NO_CONFIRM === "1";
  const lang = assistantLanguage();
  let running: RunningAssistant | null = null;
  // Enter in the terminal lifts a pairing lock-out (the only way besides a restart); other lines
  // are commands about the trusted sites
  const terminal = process.stdin.isTTY
    ? startTerminal(
        process.stdin,
        process.stdout,
        (line) => {
          if (!running) return;
          const said = siteCommand(running.store, line);
          if (said) console.log(said);
          else if (running.pairing.locked) running.pairing.unlock();
        },
        lang,
      )
    : null;
  running = await startAssistant(config, {
    log,
    settingsFile: file,
    showPairCode: (code) => {
      if (process.platform === "win32") process.title = windowTitle(code, lang);
      log(pairCodeLine(code, lang));
    },
    pairingLocked: () => log(lockedLine(terminal !== null, lang)),
    confirmPairing: noConfirm ? async () => true : terminal ? (origin) => terminal.confirm(origin) : null,
    pairByCode: noConfirm,
    info: () => ({ version: APP_VERSION, cloud: cloudIdentity(file) }),
    queueDir: queueFolder(),
  });
  const start = startLines(
    {
      address: `ws://${config.host}:${running.port}`,
      settingsFile: file,
      queueFolder: queueFolder(),
      origins: config.origins,
      printers: config.printers.map((p) => `${p.name}: ${p.language} ${p.dpi} dpi at ${p.host}:${p.port}`),
      terminal: terminal !== null,
      noConfirm,
    },
    lang,
  );
  for (const line of start) console.log(line);
  const zplPrinter = await startVirtualPrinter(config, running);
  saveTokenFlag(file);
  const hotFolder = config.hotFolder
    ? startHotFolder(config.hotFolder, {
        service: running.service,
        log,
        cloud: { token: config.apiToken || null, cacheDir: templateFolder() },
      })
    : null;
  if (config.hotFolder)
    console.log(
      `  hot folder: ${config.hotFolder.dir} (CSV or JSON files dropped there are printed, then moved to done/ or failed/)` +
        `; cloud templates from ${config.hotFolder.server || "no server"}, ${config.apiToken ? "with" : "without"} an API token`,
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
          // the print API's jobs for this assistant's printers join its durable queue
          queue: running.service,
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
    // the hot folder first: it stops following its job, which stays in the queue
    void (hotFolder?.close() ?? Promise.resolve())
      .then(() => Promise.all([running?.close(), cloud?.close(), zplPrinter?.close()]))
      .then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** `--token <ink_…>`: kept as `apiToken` in the settings file (written readable by its owner only,
 * like the cloud device's key), so later starts need no token on the command line, where other
 * users of the computer could read it in the process list. */
function saveTokenFlag(file: string): void {
  const token = flagValue(process.argv, "--token")?.trim();
  if (!token) return;
  const all = readSettings(file);
  if (all.apiToken === token) return;
  try {
    writeSettings(file, { ...all, apiToken: token });
    log("API token saved in the settings file: the next start needs no --token");
  } catch (e) {
    log(`API token not saved in the settings file: ${(e as Error).message}`);
  }
}

/** The virtual ZPL printer when the settings enable it; a port it cannot take is one line, not a stop. */
async function startVirtualPrinter(
  config: ReturnType<typeof loadConfig>,
  running: RunningAssistant,
): Promise<RunningZplPrinter | null> {
  const z = config.zplPrinter;
  if (!z) return null;
  // fonts: this computer's, else those of the first web app it trusts
  const origin = config.origins[0];
  try {
    const p = await startZplPrinter(z, {
      service: running.service,
      fonts: new OriginFonts().for(origin),
      origin,
      log,
    });
    console.log(
      `  virtual ZPL printer on ${z.host}:${p.port} (${z.dpi} dpi): ${z.printer ? `prints on ${z.printer}` : `saves PDFs to ${z.folder}`}`,
    );
    return p;
  } catch (e) {
    log(`virtual ZPL printer not started on ${z.host}:${z.port}: ${(e as Error).message ?? e}`);
    return null;
  }
}

/** --install-startup / --remove-startup (Windows, macOS: start at login); true when one ran. */
async function startupFlags(): Promise<boolean> {
  try {
    const said = await startupFlag(process.argv);
    if (said === null) return false;
    console.log(said);
  } catch (e) {
    console.error(`Could not change starting at login: ${(e as Error).message}`);
    process.exitCode = 1;
  }
  return true;
}

/** --list-sites / --forget-site <site>: answers on the settings file, no server; true when one ran. */
function siteFlags(config: ReturnType<typeof loadConfig>, file: string): boolean {
  const at = process.argv.indexOf("--forget-site");
  if (at < 0 && !process.argv.includes("--list-sites")) return false;
  const store = new AssistantStore(config, file);
  if (at < 0) console.log(sitesText(store));
  else
    try {
      const site = forgetSite(store, process.argv[at + 1] ?? "");
      // a running assistant holds its own list (and writes it back when it next pairs)
      console.log(
        `Forgotten: ${site} may no longer print. An assistant already running still allows it: ` +
          "restart it, or type `forget <site>` at its prompt instead.",
      );
    } catch (e) {
      console.error(e instanceof RequestError ? e.text("en") : String((e as Error).message ?? e));
      process.exitCode = 1;
    }
  return true;
}

main().catch((e) => {
  console.error(`print assistant failed to start: ${(e as Error).message ?? e}`);
  process.exit(1);
});
