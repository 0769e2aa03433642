// `npm run --silent label -- <command> …`: info, convert, render, print, a printer's status and the
// print assistant's queue (docs/cli.md).
// Failures print one translated line on stderr (language from INKLESS_LANG, then LANG) and exit 1.
// Only what `info` and `convert` need loads at start: the messages (five languages), render and
// print are imported when used, so a short command starts at once.
import { parseArgs } from "./args";
import { convert, info } from "./commands";
import { CliError } from "./errors";
import { cliLanguage } from "./lang";

const lang = cliLanguage();
const messages = () => import("../i18n/messages");

async function message(e: CliError): Promise<string> {
  const { translate } = await messages();
  const vars: Record<string, string | number> = { ...e.vars, usage: translate("cli.usage", {}, lang) };
  if (typeof vars.reasonKey === "string") {
    const detail = vars.detail ? ` (${vars.detail})` : "";
    vars.reason = translate(vars.reasonKey, vars, lang) + detail;
  }
  return translate(e.key, vars, lang);
}

async function run(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args.command === "help") {
    const { translate } = await messages();
    process.stdout.write(`${translate("cli.usage", {}, lang)}\n`);
    return 0;
  }
  const render = async (a: typeof args) => {
    // a printer template: x.zpl (^DF stored format) or x.tspl (DOWNLOAD program)
    if (a.out && /\.(zpl|tspl)$/i.test(a.out)) {
      const { translate } = await messages();
      return (await import("./renderTemplate")).renderTemplate(a, (key, vars) =>
        translate(key, vars ?? {}, lang),
      );
    }
    return (await import("./render")).render(a);
  };
  const print = async (a: typeof args) => (await import("./print")).print(a);
  const status = async (a: typeof args) => {
    const { translate } = await messages();
    return (await import("./print")).status(a, (key, vars) => translate(key, vars ?? {}, lang));
  };
  const queue = async (a: typeof args) => {
    const { translate } = await messages();
    return (await import("./queue")).queue(a, (key, vars) => translate(key, vars ?? {}, lang), lang);
  };
  const command = { info, convert, render, print, status, queue }[args.command];
  const output = await command(args);
  if (output) process.stdout.write(output);
  // a command may have set its own (status: 2 when the printer cannot print)
  return typeof process.exitCode === "number" ? process.exitCode : 0;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  async (e: unknown) => {
    const { translate } = await messages();
    // the picture guard is loaded with the export code that throws its error; here only to name it
    const { ImageTooLarge, MAX_IMAGE_PIXELS } = await import("../image/guard");
    const line =
      e instanceof CliError
        ? await message(e)
        : e instanceof ImageTooLarge
          ? translate("image.error.tooLarge", { megapixels: MAX_IMAGE_PIXELS / 1e6 }, lang)
          : translate("cli.error.unexpected", { reason: e instanceof Error ? e.message : String(e) }, lang);
    process.stderr.write(`${line.replace(/\s*\n\s*/g, " ")}\n`);
    process.exitCode = 1;
  },
);
