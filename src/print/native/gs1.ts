// GS1 DataMatrix data for a printer's own DataMatrix command: the element string with FNC1 written
// as the command's escape sequence (ZPL ^BX and TSPL DMATRIX both take `<escape>1`, and the escape
// character itself doubled), in first position and after each AI of no predefined length.

import { isCodeError } from "../../codes";
import { fnc1Input, readElementString } from "../../codes/gs1";

/** `data` "(01)…(10)…" → e.g. "_10109506000134352_110AB12" with `esc` "_". */
export function gs1Escaped(data: string, esc: string): string {
  const doubled = (s: string) => s.replaceAll(esc, esc + esc);
  try {
    const list = readElementString(data).map(({ ai, value }) => ({ ai, value: doubled(value) }));
    return fnc1Input(list, `${esc}1`);
  } catch (e) {
    // a template's later record that is no GS1 element string: sent as it is, never as commands
    if (isCodeError(e)) return doubled(data);
    throw e;
  }
}
