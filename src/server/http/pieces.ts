// Writes a large answer's pieces (an import's JSON, made in a worker: import/answer.ts) one at a time,
// each after the socket took the last one and other requests had their turn: the request thread never
// spends one long stretch on one answer, nor keeps a copy of it (the pieces are released as they go).
import type { ServerResponse } from "node:http";

export function writePieces(res: ServerResponse, head: string, pieces: Uint8Array[], tail: string): void {
  res.write(head);
  let i = 0;
  const next = () => {
    if (res.destroyed) return; // the client went away: the rest is dropped
    if (i === pieces.length) {
      res.end(tail);
      return;
    }
    const piece = pieces[i];
    pieces[i++] = EMPTY;
    if (res.write(piece)) setImmediate(next);
    else res.once("drain", next);
  };
  next();
}

const EMPTY = new Uint8Array(0);
