// The text of a field that commits on blur or Enter. It shows the stored value until the user types,
// then what was typed until it is taken for a commit. The shown text is derived from the stored value,
// never a copy synced in an effect: a copy can lag behind the store for a moment after a commit, and a
// blur in that moment re-committed the old value (a Y typed and entered went back, under load).
import { useRef, useState } from "react";

export interface Draft {
  /** what the field shows: the typed text, else the stored value */
  readonly text: string;
  /** the user typed */
  edit(text: string): void;
  /** the typed text (null when nothing was typed since the last take), and back to the stored value */
  take(): string | null;
}

export function useDraft(stored: string): Draft {
  const [draft, setDraft] = useState<string | null>(null);
  // the latest typed text, read by take(): Enter then blur in one tick must not commit it twice
  const typed = useRef<string | null>(null);
  return {
    text: draft ?? stored,
    edit(text) {
      typed.current = text;
      setDraft(text);
    },
    take() {
      const t = typed.current;
      typed.current = null;
      setDraft(null);
      return t;
    },
  };
}

/** A one-line input's value and handlers: typing edits the draft, leaving the field or Enter commits. */
export function draftInputProps(draft: Draft, commit: () => void) {
  return {
    value: draft.text,
    onChange: (e: { target: { value: string } }) => draft.edit(e.target.value),
    onBlur: commit,
    onKeyDown: (e: { key: string }) => {
      if (e.key === "Enter") commit();
    },
  };
}
