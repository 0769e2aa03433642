// What opened the print dialog (the Print button, or what had focus on Ctrl+P), kept from the
// moment of the request: the save that runs first disables the button, so by the time the dialog
// mounts the focus has already fallen back to the page. Focus returns here when the dialog closes.
let opener: HTMLElement | null = null;

export function rememberOpener(el: Element | null): void {
  opener = el instanceof HTMLElement && el !== document.body ? el : null;
}

/** The remembered opener (once), else what has focus now. */
export function takeOpener(): HTMLElement | null {
  const el = opener;
  opener = null;
  if (el?.isConnected) return el;
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}
