// The payment QR code as an SVG data URL (payScanCode's `image`), drawn from our own QR encoder.
import { encodeCode } from "../../codes";

export function qrDataUrl(text: string): string {
  const code = encodeCode({ kind: "qrcode", type: 1, data: text, ecLevel: "M" });
  const q = code.quiet;
  const size = code.cols + 2 * q;
  let d = "";
  for (let y = 0; y < code.rows; y++)
    for (let x = 0; x < code.cols; x++) if (code.bits[y * code.cols + x]) d += `M${x + q} ${y + q}h1v1h-1z`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
