// Command-line arguments: `<command> <file> [--out <path>] [--records a-b] [--data <file>] [--set name=value]…`.
import { CliError } from "./errors";

export const COMMANDS = ["info", "convert", "render", "print", "status", "queue"] as const;
/** commands that take no file */
const NO_FILE: readonly Command[] = ["status"];
export type Command = (typeof COMMANDS)[number];

export interface Args {
  command: Command | "help";
  file?: string;
  out?: string;
  /** a record number or a range a-b (1-based), as typed */
  record?: string;
  /** the spreadsheet of the label's spreadsheet sources */
  sheet?: string;
  /** print: host[:port] of a raw TCP (9100) printer */
  printer?: string;
  /** print: TSPL or ZPL */
  language?: string;
  /** print: the printer's resolution, 203 or 300 */
  dpi?: string;
  /** print: how many times each page is printed */
  copies?: string;
  /** print: the job's darkness, speed (inches per second) and media (gap, mark, continuous) */
  darkness?: string;
  speed?: string;
  media?: string;
  /** no progress line */
  quiet?: boolean;
  /** print: send codes, boxes and lines as the printer's own commands, the rest as a picture */
  native?: boolean;
  /** print: send each page as one exact picture (default: automatic, native/equivalent.ts) */
  picture?: boolean;
  /** queue: the job an action names (the file slot holds the action) */
  job?: string;
  /** queue: the running print assistant, port or ws://host:port */
  assistant?: string;
  /** render, print: `name=value` answers to the label's prompts (--set, repeatable) */
  set?: string[];
}

type ValueOption =
  | "out"
  | "record"
  | "sheet"
  | "printer"
  | "language"
  | "dpi"
  | "copies"
  | "darkness"
  | "speed"
  | "media"
  | "assistant";

const OPTIONS: Record<string, ValueOption> = {
  "--out": "out",
  "-o": "out",
  "--record": "record",
  "--records": "record",
  "--sheet": "sheet",
  "--data": "sheet",
  "--printer": "printer",
  "--language": "language",
  "--dpi": "dpi",
  "--copies": "copies",
  "--darkness": "darkness",
  "--speed": "speed",
  "--media": "media",
  "--assistant": "assistant",
};

const FLAGS: Record<string, "quiet" | "native" | "picture"> = {
  "--quiet": "quiet",
  "-q": "quiet",
  "--native": "native",
  "--picture": "picture",
};

export function parseArgs(argv: readonly string[]): Args {
  const [first, ...rest] = argv;
  // no command at all is a mistake (usage on stderr, exit 1); asking for help is not
  if (first === undefined) throw new CliError("cli.usage");
  if (first === "--help" || first === "-h" || first === "help") return { command: "help" };
  if (!(COMMANDS as readonly string[]).includes(first))
    throw new CliError("cli.error.unknownCommand", { command: first });
  const args: Args = { command: first as Command };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--help" || a === "-h") return { command: "help" };
    const eq = a.indexOf("=");
    const flag = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    const opt = OPTIONS[flag];
    if (flag === "--set") {
      // repeatable: each one answers a prompt (cli/answers.ts checks them)
      const value = flag !== a ? a.slice(eq + 1) : rest[++i];
      if (value === undefined || value === "") throw new CliError("cli.error.missingValue", { option: flag });
      args.set = [...(args.set ?? []), value];
    } else if (opt) {
      const value = flag !== a ? a.slice(eq + 1) : rest[++i];
      if (value === undefined || value === "") {
        throw new CliError(opt === "out" ? "cli.error.missingOut" : "cli.error.missingValue", {
          option: flag,
        });
      }
      args[opt] = value;
    } else if (FLAGS[a]) {
      args[FLAGS[a]] = true;
    } else if (a.startsWith("-") && a !== "-") {
      throw new CliError("cli.error.unknownOption", { option: a });
    } else if (args.file === undefined) {
      args.file = a;
    } else if (args.command === "queue" && args.job === undefined) {
      args.job = a;
    } else {
      throw new CliError("cli.error.tooManyArgs", { arg: a });
    }
  }
  // queue: its action is checked by the command (cli/queue.ts)
  if (args.command === "queue") return args;
  if ((NO_FILE as readonly string[]).includes(args.command)) {
    if (args.file !== undefined) throw new CliError("cli.error.tooManyArgs", { arg: args.file });
  } else if (args.file === undefined) throw new CliError("cli.error.missingFile");
  return args;
}
