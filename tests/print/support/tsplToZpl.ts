// Reads a TSPL job of the printer's own commands (src/print/native) back as ZPL, so the tests can
// draw it with our ZPL reader: BAR / BOX → ^GB, ELLIPSE → ^GE, BARCODE → ^BC ^BE…, QRCODE → ^BQ,
// DMATRIX → ^BX, TEXT → ^A0, BITMAP (a 0 bit prints) → ^GFA. One format per PRINT. Independent of the writers:
// it follows the TSPL manual's parameter order.
const LINEAR: Readonly<Record<string, string>> = {
  "128": "BC",
  EAN128: "BC",
  EAN13: "BE",
  UPCA: "BU",
  EAN8: "B8",
  "25": "B2",
  "39": "B3",
};

const HEX = "0123456789ABCDEF";

/** The quoted last parameter of a command line. */
const quoted = (line: string) => /"((?:[^"\\]|\\\["\])*)"$/.exec(line)?.[1].replaceAll('\\["]', '"') ?? "";

export function tsplToZpl(job: Buffer, size: { width: number; height: number }, dpi = 203): string {
  const formats: string[] = [];
  let fields: string[] = [];
  let pos = 0;
  while (pos < job.length) {
    if (job.subarray(pos, pos + 7).toString("latin1") === "BITMAP ") {
      let i = pos + 7;
      let commas = 0;
      while (commas < 5) if (job[i++] === 0x2c) commas++;
      const [x, y, wb, h] = job
        .subarray(pos + 7, i - 1)
        .toString("latin1")
        .split(",")
        .map(Number);
      let hex = "";
      for (let k = 0; k < wb * h; k++) {
        const v = ~job[i + k] & 0xff;
        hex += HEX[v >> 4] + HEX[v & 15];
      }
      fields.push(`^FO${x},${y}^GFA,${wb * h},${wb * h},${wb},${hex}^FS`);
      pos = i + wb * h + 2;
      continue;
    }
    const end = job.indexOf("\r\n", pos);
    const line = job.subarray(pos, end < 0 ? job.length : end).toString("latin1");
    pos = end < 0 ? job.length : end + 2;
    const [cmd, rest = ""] = [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)];
    const p = rest.split(",");
    const n = (k: number) => Number(p[k]);
    if (cmd === "BAR") fields.push(`^FO${n(0)},${n(1)}^GB${n(2)},${n(3)},${Math.min(n(2), n(3))}^FS`);
    else if (cmd === "BOX") fields.push(`^FO${n(0)},${n(1)}^GB${n(2) - n(0)},${n(3) - n(1)},${n(4)}^FS`);
    else if (cmd === "ELLIPSE") fields.push(`^FO${n(0)},${n(1)}^GE${n(2)},${n(3)},${n(4)}^FS`);
    else if (cmd === "BARCODE") {
      const type = LINEAR[p[2].replaceAll('"', "")];
      const data = quoted(line);
      const text = n(4) ? "Y" : "N";
      const head =
        type === "B3"
          ? `^B3N,N,${n(3)},${text},N`
          : type === "B2"
            ? `^B2N,${n(3)},${text},N,N`
            : `^${type}N,${n(3)},${text},N`;
      const fd = p[2] === '"EAN128"' ? `>;>8${data.replace(/\((\d+)\)/g, "$1")}` : data;
      fields.push(`^FO${n(0)},${n(1)}^BY${n(6)},3.0${head}^FD${fd}^FS`);
    } else if (cmd === "QRCODE")
      fields.push(`^FO${n(0)},${n(1)}^BQN,2,${n(3)}^FD${p[2]}A,${quoted(line)}^FS`);
    else if (cmd === "DMATRIX")
      fields.push(`^FO${n(0)},${n(1)}^BXN,${p[4].slice(1)},200^FD${quoted(line)}^FS`);
    else if (cmd === "TEXT") {
      // font "0" is scalable: its size in points
      const h = Math.round((n(4) / 72) * dpi);
      fields.push(`^FO${n(0)},${n(1)}^A0N,${h},${h}^FD${quoted(line)}^FS`);
    } else if (cmd === "PRINT") {
      formats.push(`^XA^PW${size.width}^LL${size.height}\n${fields.join("\n")}\n^XZ\n`);
      fields = [];
    }
  }
  return formats.join("");
}
