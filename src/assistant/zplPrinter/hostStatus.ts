// What a ready Zebra printer answers to ~HS (host status): three <STX>…<ETX> frames of flags, all
// clear (paper, pause, buffer, head, ribbon), no labels waiting — the form src/print/status.ts reads.
const frame = (fields: string) => `\x02${fields}\x03\r\n`;

export function readyHostStatus(labelLengthDots: number): string {
  const length = String(Math.max(0, Math.min(9999, Math.round(labelLengthDots)))).padStart(4, "0");
  return (
    // communication settings, paper out, pause, label length, formats in buffer, buffer full,
    // diagnostics, partial format, unused, corrupt RAM, under / over temperature
    frame(`030,0,0,${length},000,0,0,0,000,0,0,0`) +
    // function settings, unused, head up, ribbon out, thermal transfer, print mode, width mode,
    // label waiting, labels left, format while printing, graphics stored
    frame("001,0,0,0,1,2,6,0,00000000,1,000") +
    // password, static RAM
    frame("1234,0")
  );
}
