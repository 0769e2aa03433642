// A button that picks a JSON file (a hidden file input named by the button's label): the inspector's
// log import and its test coverage load. The same file can be picked again.
import { useRef } from "react";

export function JsonFileButton({
  label,
  title,
  testId,
  onFile,
}: {
  readonly label: string;
  readonly title?: string;
  /** the input's test id (tests set its files) */
  readonly testId: string;
  readonly onFile: (f: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="ink-btn" title={title} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (f) onFile(f);
        }}
      />
    </>
  );
}
