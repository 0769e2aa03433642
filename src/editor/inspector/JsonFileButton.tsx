// A button that picks a JSON file: the inspector's log import and its test coverage load.
import { useFilePicker } from "../../app/ui/useFilePicker";

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
  const picker = useFilePicker({
    accept: ".json,application/json",
    label,
    testId,
    onFiles: ([f]) => onFile(f),
  });
  return (
    <>
      <button type="button" className="ink-btn" title={title} onClick={picker.open}>
        {label}
      </button>
      {picker.input}
    </>
  );
}
