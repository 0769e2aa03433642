// Reads what a test needs from a 64-bit Mach-O executable (macOS): its CPU type and whether it
// carries a code signature (an LC_CODE_SIGNATURE load command pointing at an embedded signature
// blob, magic 0xfade0cc0). Mach-O headers and load commands are little-endian; the signature blob
// is big-endian.
const MH_MAGIC_64 = 0xfeedfacf;
const LC_CODE_SIGNATURE = 0x1d;
const CPU = new Map([
  [0x01000007, "x86_64"],
  [0x0100000c, "arm64"],
]);

export interface MachO {
  arch: string;
  /** load command ids, in order */
  commands: number[];
  /** the embedded signature's magic, when there is an LC_CODE_SIGNATURE */
  signatureMagic: number | null;
}

export function readMachO(b: Buffer): MachO {
  if (b.readUInt32LE(0) !== MH_MAGIC_64) throw new Error("not a 64-bit Mach-O file");
  const arch = CPU.get(b.readUInt32LE(4)) ?? `cpu 0x${b.readUInt32LE(4).toString(16)}`;
  const ncmds = b.readUInt32LE(16);
  const commands: number[] = [];
  let signatureMagic: number | null = null;
  let at = 32;
  for (let i = 0; i < ncmds; i++) {
    const cmd = b.readUInt32LE(at);
    commands.push(cmd);
    if (cmd === LC_CODE_SIGNATURE) signatureMagic = b.readUInt32BE(b.readUInt32LE(at + 8));
    at += b.readUInt32LE(at + 4);
  }
  return { arch, commands, signatureMagic };
}

export const CODE_SIGNATURE = { command: LC_CODE_SIGNATURE, magic: 0xfade0cc0 };
