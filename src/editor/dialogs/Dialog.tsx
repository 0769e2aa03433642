// The editor's modal dialog for forms (label settings, rename, icon library, choosers, record
// selection): the save flow's accessible shell (native modal <dialog>, labelled by its title, Escape
// closes, Tab cycles inside, focus returns), without describing the dialog by its whole form.
import { ModalShell, type ModalShellProps } from "../save/ModalShell";

export function Dialog(props: Omit<ModalShellProps, "describedByBody">) {
  return <ModalShell {...props} describedByBody={false} />;
}
