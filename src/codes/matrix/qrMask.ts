// QR mask selection (ISO/IEC 18004 §7.8): the `qrcode` package tries the eight masks on its BitMatrix
// with per-module calls, half of our QR time. We let it encode with mask 0, undo that mask, and pick
// the best mask here on flat typed arrays with the same penalty rules (N1–N4), then write the format
// information for the chosen mask.

const EC_BITS: Readonly<Record<string, number>> = { L: 1, M: 0, Q: 3, H: 2 };
const G15 = 0b10100110111;
const G15_MASK = 0b101010000010010;

/** 15-bit format information (BCH(15,5) of error correction bits and mask, XOR the fixed mask). */
export function formatBits(ec: string, mask: number): number {
  const d = ((EC_BITS[ec] ?? 0) << 3) | mask;
  let rem = d << 10;
  const deg = (v: number) => 31 - Math.clz32(v);
  while (rem && deg(rem) >= 10) rem ^= G15 << (deg(rem) - 10);
  return ((d << 10) | rem) ^ G15_MASK;
}

function maskBit(mask: number, i: number, j: number): boolean {
  switch (mask) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0;
  }
}

/** Per symbol size (= version, so the same reserved layout): each mask as a 0/1 XOR table. */
const maskTables = new Map<number, Uint8Array[]>();

function masksFor(reserved: Uint8Array, size: number): Uint8Array[] {
  let tables = maskTables.get(size);
  if (!tables) {
    tables = [];
    for (let mask = 0; mask < 8; mask++) {
      const t = new Uint8Array(size * size);
      for (let i = 0; i < size; i++)
        for (let j = 0; j < size; j++)
          if (!reserved[i * size + j] && maskBit(mask, i, j)) t[i * size + j] = 1;
      tables.push(t);
    }
    maskTables.set(size, tables);
  }
  return tables;
}

/** Writes the format information where the `qrcode` package puts it (row, column). */
function writeFormat(data: Uint8Array, size: number, bits: number): void {
  for (let i = 0; i < 15; i++) {
    const v = (bits >> i) & 1;
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    data[row * size + 8] = v;
    const col = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1;
    data[8 * size + col] = v;
  }
  data[(size - 8) * size + 8] = 1;
}

/**
 * Penalty score of a masked symbol (N1 runs, N2 blocks, N3 finder-like patterns, N4 balance). Every
 * term is non-negative, so the scan stops once it passes `limit` (a better mask is already known).
 */
export function penalty(data: Uint8Array, size: number, limit = Number.POSITIVE_INFINITY): number {
  let points = 0;
  let dark = 0;
  for (let r = 0; r < size; r++) {
    let runRow = 0;
    let runCol = 0;
    let lastRow = -1;
    let lastCol = -1;
    let bitsRow = 0;
    let bitsCol = 0;
    for (let c = 0; c < size; c++) {
      const vr = data[r * size + c];
      const vc = data[c * size + r];
      dark += vr;
      // N1
      if (vr === lastRow) runRow++;
      else {
        if (runRow >= 5) points += 3 + (runRow - 5);
        lastRow = vr;
        runRow = 1;
      }
      if (vc === lastCol) runCol++;
      else {
        if (runCol >= 5) points += 3 + (runCol - 5);
        lastCol = vc;
        runCol = 1;
      }
      // N3: 1011101 with four light modules on either side, 11-module windows
      bitsRow = ((bitsRow << 1) & 0x7ff) | vr;
      bitsCol = ((bitsCol << 1) & 0x7ff) | vc;
      if (c >= 10) {
        if (bitsRow === 0x5d0 || bitsRow === 0x05d) points += 40;
        if (bitsCol === 0x5d0 || bitsCol === 0x05d) points += 40;
      }
      // N2
      if (r < size - 1 && c < size - 1) {
        const s = vr + data[r * size + c + 1] + data[(r + 1) * size + c] + data[(r + 1) * size + c + 1];
        if (s === 0 || s === 4) points += 3;
      }
    }
    if (runRow >= 5) points += 3 + (runRow - 5);
    if (runCol >= 5) points += 3 + (runCol - 5);
    if (points > limit) return points;
  }
  const k = Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10);
  return points + k * 10;
}

/**
 * Re-masks a symbol the `qrcode` package built with mask 0: returns the modules with the mask of
 * lowest penalty and matching format information.
 */
export function bestMasked(data: Uint8Array, reserved: Uint8Array, size: number, ec: string): Uint8Array {
  const tables = masksFor(reserved, size);
  const n = size * size;
  const base = new Uint8Array(n);
  const t0 = tables[0];
  for (let k = 0; k < n; k++) base[k] = data[k] ^ t0[k];
  let best: Uint8Array = base;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 8; mask++) {
    const t = tables[mask];
    const m = new Uint8Array(n);
    for (let k = 0; k < n; k++) m[k] = base[k] ^ t[k];
    writeFormat(m, size, formatBits(ec, mask));
    const score = penalty(m, size, bestScore);
    if (score < bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}
