// Browser drawing of one print page for a cloud job: the page SVG on a canvas of exactly the
// device's size in dots (canvg, with the fonts the registry put in document.fonts, as the image
// export does), on white paper, as PNG bytes.
export async function drawPagePng(svg: string, width: number, height: number): Promise<Uint8Array> {
  const { Canvg } = await import("canvg");
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2D canvas");
  const sized = svg.replace(
    /^<svg([^>]*?) width="[^"]*" height="[^"]*"/,
    `<svg$1 width="${width}" height="${height}"`,
  );
  const v = Canvg.fromString(ctx, sized, { ignoreClear: true, ignoreMouse: true, ignoreAnimation: true });
  await v.render();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = "destination-over";
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("canvas export failed"))), "image/png"),
  );
  return new Uint8Array(await blob.arrayBuffer());
}
