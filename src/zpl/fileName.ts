// Which files are ZPL: by name (.zpl, .prn), or by a ZPL command at the start of the content.
// Its own small module, so the editor's open picker knows ZPL files without loading the reader.

export function isZplFileName(name: string): boolean {
  return /\.(zpl|prn)$/i.test(name);
}

/** Whether a file is ZPL: its name, or (given its first bytes) content starting with a ZPL command. */
export function isZplFile(name: string, head?: Uint8Array): boolean {
  if (isZplFileName(name)) return true;
  if (!head) return false;
  let start = "";
  for (const b of head.subarray(0, 256)) start += String.fromCharCode(b);
  return /^[\^~](XA|DG|CC|CT|CI|JA|SD|TA|LH|PW)/i.test(start.trimStart());
}
