// The inspector's hand-over tools: import a recorded log and replay it into this (fresh) editor,
// told where the replay first left the recording; "make a test" turns the imported log (or this
// session's) into a vitest file for the picked machine.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LogFileError } from "./fileError";
import { JsonFileButton } from "./JsonFileButton";
import type { LogFile } from "./logFile";
import { type Difference, makeTest, parseLogFile, replayLive } from "./replay";
import { inspectorSink } from "./sink";

type Status =
  | { readonly kind: "idle" }
  | { readonly kind: "error"; readonly key: string }
  | { readonly kind: "replaying"; readonly done: number }
  | { readonly kind: "same"; readonly count: number }
  | { readonly kind: "differs"; readonly d: Difference };

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ReplayBar({
  machine,
  sessionLog,
}: {
  /** the actor picked for the diagram ("" when none) */
  readonly machine: string;
  /** this session's log as a file */
  readonly sessionLog: () => LogFile;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<LogFile | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const fail = (err: unknown) => {
    if (err instanceof LogFileError) setStatus({ kind: "error", key: err.key });
    else throw err;
  };

  // a file that cannot be read leaves the log loaded before it
  const open = async (f: File) => {
    try {
      if (f.size > 20 * 1024 * 1024) throw new LogFileError("editor.inspector.logTooLong");
      setLoaded(parseLogFile(await f.text()));
      setStatus({ kind: "idle" });
    } catch (err) {
      fail(err);
    }
  };
  const replay = async () => {
    if (!loaded) return;
    setStatus({ kind: "replaying", done: 0 });
    const d = await replayLive(
      loaded,
      { ref: inspectorSink.ref, state: (k) => inspectorSink.live().actors.get(k)?.value },
      { onProgress: (done) => setStatus({ kind: "replaying", done }) },
    );
    setStatus(d ? { kind: "differs", d } : { kind: "same", count: loaded.events.length });
  };
  const test = () => {
    try {
      const file = loaded ?? sessionLog();
      const key = machine || "";
      const machineId = file.actors?.[key]?.machine ?? key;
      download(`${machineId}.replay.test.ts`, makeTest(file, key), "text/typescript");
    } catch (err) {
      fail(err);
    }
  };

  const message = (() => {
    switch (status.kind) {
      case "error":
        return t(status.key);
      case "replaying":
        return t("editor.inspector.replaying", { done: status.done, total: loaded?.events.length ?? 0 });
      case "same":
        return t("editor.inspector.replaySame", { count: status.count });
      case "differs": {
        const { d } = status;
        return d.replayed === null
          ? t("editor.inspector.replayNotRunning", { n: d.n, type: d.type, actor: d.actor })
          : t("editor.inspector.replayDiffers", {
              n: d.n,
              type: d.type,
              actor: d.actor,
              recorded: d.recorded,
              replayed: d.replayed,
            });
      }
      default:
        return loaded
          ? t("editor.inspector.logLoaded", { count: loaded.events.length, at: loaded.exportedAt })
          : "";
    }
  })();

  return (
    <div className="ink-inspector-replay">
      <JsonFileButton
        label={t("editor.inspector.import")}
        testId="inspector-import"
        onFile={(f) => void open(f)}
      />
      <button
        type="button"
        className="ink-btn"
        disabled={!loaded || status.kind === "replaying"}
        onClick={() => void replay()}
        data-testid="inspector-replay"
      >
        {t("editor.inspector.replay")}
      </button>
      <button
        type="button"
        className="ink-btn"
        disabled={!machine}
        title={machine ? undefined : t("editor.inspector.testPickMachine")}
        onClick={test}
        data-testid="inspector-make-test"
      >
        {t("editor.inspector.makeTest")}
      </button>
      <p
        role={status.kind === "error" || status.kind === "differs" ? "alert" : "status"}
        data-testid="inspector-replay-status"
        data-result={status.kind}
      >
        {message}
      </p>
    </div>
  );
}
