// A CLI failure: a message key and its placeholders, translated once at the top (main.ts).
export class CliError extends Error {
  constructor(
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}
