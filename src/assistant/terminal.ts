// The assistant's terminal (stdin when it is a TTY): the person at the computer answers "site X asks
// to print: allow? [y/N]" there, lifts a pairing lock-out by pressing Enter, and types commands
// (sites.ts: `sites`, `forget <site>`). One question at a time (server.ts asks one site at a time):
// while one is open the next line is its answer; any other line is handed to `idle`.
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { Language } from "../model/constants";
import { confirmQuestion } from "./consoleText";

export interface Terminal {
  /** Asks whether `origin` may print; true only for y or yes. */
  confirm(origin: string): Promise<boolean>;
  close(): void;
}

export function startTerminal(
  input: Readable,
  output: Writable,
  idle: (line: string) => void,
  lang: Language = "en",
): Terminal {
  const lines = createInterface({ input, terminal: false });
  let answer: ((yes: boolean) => void) | null = null;
  lines.on("line", (line) => {
    const waiting = answer;
    answer = null;
    if (waiting) waiting(/^\s*y(es)?\s*$/i.test(line));
    else idle(line);
  });
  // the input ends (a closed terminal): a question left open is a no
  lines.on("close", () => {
    answer?.(false);
    answer = null;
  });
  return {
    confirm: (origin) =>
      new Promise<boolean>((resolve) => {
        // the origin passed normalOrigin (a URL's origin): no control characters reach the terminal
        output.write(`\n${confirmQuestion(origin, lang)} `);
        answer?.(false);
        answer = resolve;
      }),
    close: () => lines.close(),
  };
}
