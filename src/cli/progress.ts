// The progress line of a long render on stderr: percent, labels per second and time left, redrawn
// in place a few times a second. Only when stderr is a terminal and --quiet is not given, so
// scripts and logs never see it.
import type { Language } from "../model/constants";

export interface ProgressLine {
  /** `done` of `total` labels made */
  update(done: number, total: number): void;
  /** clears the line */
  end(): void;
}

const REDRAW_MS = 250;

const clock = (s: number) => {
  const t = Math.max(0, Math.round(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
};

export async function progressLine(
  lang: Language,
  quiet: boolean | undefined,
  out: Pick<NodeJS.WriteStream, "write" | "isTTY"> = process.stderr,
): Promise<ProgressLine> {
  if (quiet || !out.isTTY) return { update() {}, end() {} };
  // the messages (all five languages, ~1 MB of script) load only for a line that is shown (issue 41)
  const { translate } = await import("../i18n/messages");
  const started = performance.now();
  // the first update always shows (performance.now() of a young worker thread is under REDRAW_MS)
  let last = Number.NEGATIVE_INFINITY;
  let shown = false;
  return {
    update(done, total) {
      const now = performance.now();
      if (done < total && now - last < REDRAW_MS) return;
      last = now;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? done / seconds : 0;
      const line = translate(
        "cli.progress",
        {
          percent: Math.floor((done / Math.max(1, total)) * 100),
          done,
          total,
          rate: Math.round(rate),
          left: clock(rate > 0 ? (total - done) / rate : 0),
        },
        lang,
      );
      out.write(`\r\x1b[2K${line}`);
      shown = true;
    },
    end() {
      if (shown) out.write("\r\x1b[2K");
    },
  };
}
