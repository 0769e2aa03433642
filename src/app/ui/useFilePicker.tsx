// The one way to ask the user for a file: a hidden file input, opened by the caller's own button or
// menu item (`open`), so keyboard and screen-reader users reach a real control. The input clears
// itself after each pick, so choosing the same file again (after removing it, or after an error) is
// a change too. Tests set files on the input by its test id.
import { type ReactElement, useRef } from "react";

/** picture files a label can hold (JPEG and PNG) */
export const IMAGE_FILE_ACCEPT = ".jpeg,.jpg,.png,image/jpeg,image/png";

export interface FilePickerOptions {
  /** the input's accept list, e.g. ".csv,.xlsx" */
  readonly accept: string;
  /** the input's accessible name (the control that opens it says the same) */
  readonly label: string;
  readonly testId?: string;
  readonly multiple?: boolean;
  /** the picked files; never called with none */
  readonly onFiles: (files: File[]) => void;
}

export function useFilePicker({ accept, label, testId, multiple, onFiles }: FilePickerOptions): {
  readonly open: () => void;
  readonly input: ReactElement;
} {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple={multiple}
      hidden
      aria-label={label}
      data-testid={testId}
      onChange={(e) => {
        const files = [...(e.currentTarget.files ?? [])];
        e.currentTarget.value = "";
        if (files.length) onFiles(files);
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
