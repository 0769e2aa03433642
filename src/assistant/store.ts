// What the assistant changes while it runs, kept in its settings file (written by the assistant
// itself, never by the web app): the web app origins paired with it and the network printers added
// from the app. Without a file (tests, settings from the environment only) changes live in memory.
import type { AssistantConfig, NetworkPrinter } from "./config";
import { readSettings, writeSettings } from "./config";
import { RequestError } from "./protocol";

export class AssistantStore {
  private origins: string[];
  private list: NetworkPrinter[];
  private readonly forgotten: ((origin: string) => void)[] = [];

  constructor(
    config: AssistantConfig,
    /** the settings file to keep changes in, or null */
    private readonly file: string | null = null,
  ) {
    this.origins = [...config.origins];
    this.list = [...config.printers];
  }

  get printers(): readonly NetworkPrinter[] {
    return this.list;
  }

  get allowedOrigins(): readonly string[] {
    return this.origins;
  }

  isPaired(origin: string): boolean {
    return this.origins.includes(origin);
  }

  /** Each change is written first and takes effect only once the file has it (a failed write
   * changes nothing and throws a RequestError naming the problem). */
  addOrigin(origin: string): void {
    if (this.isPaired(origin)) return;
    const next = [...this.origins, origin];
    this.save({ origins: next });
    this.origins = next;
  }

  /** Forgets a paired origin; false when it was not paired. */
  removeOrigin(origin: string): boolean {
    if (!this.isPaired(origin)) return false;
    const next = this.origins.filter((o) => o !== origin);
    this.save({ origins: next });
    this.origins = next;
    for (const fn of this.forgotten) fn(origin);
    return true;
  }

  /** Tells `fn` each origin removed (the server closes that site's connections). */
  onForget(fn: (origin: string) => void): void {
    this.forgotten.push(fn);
  }

  setPrinters(list: readonly NetworkPrinter[]): void {
    const next = [...list];
    this.save({ printers: next });
    this.list = next;
  }

  private save(patch: Record<string, unknown>): void {
    if (!this.file) return;
    try {
      writeSettings(this.file, { ...readSettings(this.file), ...patch });
    } catch (e) {
      throw new RequestError("print.assistant.saveFailed", { detail: (e as Error).message ?? String(e) });
    }
  }
}
