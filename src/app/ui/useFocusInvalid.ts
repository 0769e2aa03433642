// After a submit with errors, moves the focus to the first invalid field (keyboard and screen-reader
// users land where the message is).
import { type RefObject, useEffect } from "react";

export function useFocusInvalid(form: RefObject<HTMLFormElement | null>, errors: object): void {
  useEffect(() => {
    if (!Object.values(errors).some(Boolean)) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
