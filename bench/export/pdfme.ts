// The peer: @pdfme/generator (dev dependency of this benchmark only) making the same 1,000-record
// PDF in Node: a 100 × 80 mm page with a border, two texts (CJK in Noto Sans SC), a Code128 and a
// QR code, one page per record.
import { readFileSync } from "node:fs";
import { generate } from "@pdfme/generator";
import { barcodes, rectangle, text } from "@pdfme/schemas";

export async function pdfmeBatch(records: number): Promise<{ ms: number; bytes: number }> {
  const font = readFileSync(new URL("../../public/fonts/NotoSansSC-Regular.ttf", import.meta.url));
  const template = {
    basePdf: { width: 100, height: 80, padding: [0, 0, 0, 0] as [number, number, number, number] },
    schemas: [
      [
        {
          name: "border",
          type: "rectangle",
          position: { x: 1, y: 1 },
          width: 98,
          height: 78,
          borderWidth: 0.5,
          borderColor: "#000000",
          color: "",
          readOnly: true,
          content: "",
        },
        {
          name: "num",
          type: "text",
          position: { x: 5, y: 4 },
          width: 90,
          height: 10,
          fontSize: 16,
          fontName: "NotoSansSC",
        },
        {
          name: "title",
          type: "text",
          position: { x: 5, y: 16 },
          width: 90,
          height: 10,
          fontSize: 14,
          fontName: "NotoSansSC",
        },
        {
          name: "bar",
          type: "code128",
          position: { x: 5, y: 30 },
          width: 55,
          height: 20,
          backgroundColor: "",
          barColor: "#000000",
          textColor: "#000000",
          includetext: true,
        },
        {
          name: "qr",
          type: "qrcode",
          position: { x: 66, y: 30 },
          width: 28,
          height: 28,
          backgroundColor: "",
          barColor: "#000000",
        },
      ],
    ],
  };
  const inputs = Array.from({ length: records }, (_, i) => {
    const n = String(i + 1).padStart(6, "0");
    return { num: `INK-${n}`, title: "名称 Inkless 标签", bar: `INK-${n}`, qr: `QR-${n}` };
  });
  const t0 = performance.now();
  const pdf = await generate({
    template: template as never,
    inputs,
    plugins: { text, rectangle, code128: barcodes.code128, qrcode: barcodes.qrcode } as never,
    options: { font: { NotoSansSC: { data: font, fallback: true } } },
  });
  return { ms: performance.now() - t0, bytes: pdf.length };
}
