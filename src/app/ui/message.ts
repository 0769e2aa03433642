// A tiny message (toast) service: the request client and pages push messages, <Toaster/> shows them.
// Framework-free so the request client can be unit-tested without React.

export type MessageKind = "error" | "success" | "info" | "warning";

export interface Message {
  readonly id: number;
  readonly kind: MessageKind;
  readonly text: string;
}

/** What the request client needs from a message display. */
export interface MessageSink {
  error(text: string): void;
  success(text: string): void;
  info(text: string): void;
  warning(text: string): void;
}

type Listener = (messages: readonly Message[]) => void;

const SHOW_MS = 3500;
const MAX_SHOWN = 5;

function createMessageService(): MessageSink & {
  subscribe(l: Listener): () => void;
  dismiss(id: number): void;
  /** Hides every message of a kind at once (e.g. the errors of a form that has just been retried). */
  dismissKind(kind: MessageKind): void;
  current(): readonly Message[];
} {
  let messages: readonly Message[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l(messages);
  };
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const dismiss = (id: number) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    messages = messages.filter((m) => m.id !== id);
    emit();
  };
  const hideLater = (id: number) => {
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => dismiss(id), SHOW_MS),
    );
  };
  const push = (kind: MessageKind) => (text: string) => {
    if (!text) return;
    // The same text again while it shows (e.g. several calls failing at once) shows once, for the full
    // time from the latest: dropping the repeat let it vanish right after the second cause.
    const shown = messages.find((m) => m.text === text && m.kind === kind);
    if (shown) {
      hideLater(shown.id);
      return;
    }
    const id = nextId++;
    const next = [...messages, { id, kind, text }];
    for (const m of next.slice(0, -MAX_SHOWN)) {
      clearTimeout(timers.get(m.id));
      timers.delete(m.id);
    }
    messages = next.slice(-MAX_SHOWN);
    emit();
    hideLater(id);
  };
  return {
    error: push("error"),
    success: push("success"),
    info: push("info"),
    warning: push("warning"),
    dismiss,
    dismissKind(kind) {
      if (!messages.some((m) => m.kind === kind)) return;
      for (const m of messages) if (m.kind === kind) clearTimeout(timers.get(m.id));
      messages = messages.filter((m) => m.kind !== kind);
      emit();
    },
    current: () => messages,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const message = createMessageService();
