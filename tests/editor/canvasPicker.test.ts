// Canvas picker: which canvas images are offered, when it appears, and its accessible markup.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CanvasImageView, CanvasPicker } from "../../src/editor/canvasPicker/CanvasPicker";
import {
  clampChoice,
  isShowableImage,
  MAX_CANVAS_IMAGES,
  pickableImages,
  pickerShown,
} from "../../src/editor/canvasPicker/images";

const PNG = "data:image/png;base64,iVBORw0KGgo=";
const SVG =
  "data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E";

describe("canvas images offered", () => {
  it("keeps data:image URLs, http(s) addresses and paths on this site", () => {
    for (const ok of [PNG, SVG, "https://cdn.example.com/a.png", "http://x/y.jpg", "/files/abc.png"])
      expect(isShowableImage(ok)).toBe(true);
  });

  it("drops scripts, other data types, protocol-relative and non-strings", () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/a.png",
      "files/relative.png",
      "",
      "   ",
      "/files/a\u0000.png",
      42,
      null,
      { src: PNG },
    ])
      expect(isShowableImage(bad)).toBe(false);
  });

  it("keeps the order, trims, and bounds the list", () => {
    expect(pickableImages([" /files/a.png ", "javascript:x", PNG])).toEqual(["/files/a.png", PNG]);
    expect(pickableImages(undefined)).toEqual([]);
    expect(pickableImages(Array.from({ length: 500 }, (_, i) => `/files/${i}.png`))).toHaveLength(
      MAX_CANVAS_IMAGES,
    );
  });

  it("appears only with more than one image", () => {
    expect(pickerShown([])).toBe(false);
    expect(pickerShown([PNG])).toBe(false);
    expect(pickerShown([PNG, PNG])).toBe(true);
  });

  it("keeps the chosen image inside a shrinking list", () => {
    expect(clampChoice(null, 3)).toBeNull();
    expect(clampChoice(5, 3)).toBe(2);
    expect(clampChoice(-1, 3)).toBe(0);
    expect(clampChoice(1, 0)).toBeNull();
  });
});

describe("canvas picker markup", () => {
  it("renders nothing for a single usable image", () => {
    expect(renderToStaticMarkup(h(CanvasPicker, { images: [PNG, "javascript:alert(1)"] }))).toBe("");
  });

  it("numbers each thumbnail n / total with an accessible name; no viewer until one is chosen", () => {
    const html = renderToStaticMarkup(h(CanvasPicker, { images: [PNG, "/files/b.png", SVG] }));
    expect(html).toContain('aria-label="editor.canvasPicker.label"');
    expect(html.match(/data-testid="canvas-thumb"/g)).toHaveLength(3);
    expect(html.match(/aria-pressed="false"/g)).toHaveLength(3);
    expect(html).toContain('src="/files/b.png"');
    expect(html).not.toContain("canvas-view");
  });

  it("shows the chosen image large with its number, and marks its thumbnail", () => {
    const html = renderToStaticMarkup(
      h(CanvasPicker, { images: [PNG, "/files/b.png", SVG], initialChoice: 1 }),
    );
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-index="1"/);
    expect(html).toMatch(/class="ink-canvas-view-img" src="\/files\/b.png"/);
  });

  it("the viewer disables previous on the first image and next on the last", () => {
    const view = (index: number) =>
      renderToStaticMarkup(
        h(CanvasImageView, {
          src: PNG,
          index,
          total: 3,
          broken: false,
          onBroken: () => {},
          onChoose: () => {},
        }),
      );
    expect(view(0)).toMatch(/data-testid="canvas-view-prev" disabled=""/);
    expect(view(0)).not.toMatch(/data-testid="canvas-view-next" disabled/);
    expect(view(2)).toMatch(/data-testid="canvas-view-next" disabled=""/);
  });

  it("says so when the chosen image cannot be loaded", () => {
    const html = renderToStaticMarkup(
      h(CanvasImageView, {
        src: PNG,
        index: 0,
        total: 2,
        broken: true,
        onBroken: () => {},
        onChoose: () => {},
      }),
    );
    expect(html).toContain("editor.canvasPicker.broken");
    expect(html).not.toContain("<img");
  });
});
