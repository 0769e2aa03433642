// A point in a picture's pixels and the four corners of a label found in it: the server's locator
// (src/server/picture) answers them, the AI dialog's machine and crop view let the user move them.

/** [x, y] in picture pixels. */
export type PicturePoint = readonly [number, number];
/** top-left, top-right, bottom-right, bottom-left */
export type Quad = readonly [PicturePoint, PicturePoint, PicturePoint, PicturePoint];
