// The pages of a printer job, each one page's own commands (TSPL CLS … PRINT, ZPL ^XA … ^XZ drawing a
// picture or fields), without the job's header: what the fake printer prints as the bytes arrive, and what
// tests compare. `takePages` reads the whole pages at the start of what has arrived so far.

function tsplPages(job: Buffer): { pages: Buffer[]; used: number } {
  const pages: Buffer[] = [];
  let pos = 0;
  for (;;) {
    // a bare PRINT prints the image the printer holds again (the queue's copies one by one)
    if (job.subarray(pos, pos + 8).toString("latin1") === "PRINT 1,") {
      const end = job.indexOf("\r\n", pos, "latin1");
      if (end < 0) return { pages, used: pos };
      pages.push(job.subarray(pos, end + 2));
      pos = end + 2;
      continue;
    }
    const at = job.indexOf("CLS\r\nBITMAP ", pos, "latin1");
    if (at < 0) return { pages, used: pos };
    // BITMAP x,y,bytesPerRow,height,mode, then the bitmap's bytes (which may hold any byte)
    let i = at + 12;
    let commas = 0;
    while (commas < 5 && i < job.length) if (job[i++] === 0x2c) commas++;
    if (commas < 5) return { pages, used: pos };
    const [, , bytesPerRow, height] = job
      .subarray(at + 12, i - 1)
      .toString("latin1")
      .split(",")
      .map(Number);
    const data = i + bytesPerRow * height;
    // "\r\nPRINT 1,n\r\n" ends the page
    const end = data + 2 <= job.length ? job.indexOf("\r\n", data + 2, "latin1") : -1;
    if (end < 0) return { pages, used: pos };
    pages.push(job.subarray(at, end + 2));
    pos = end + 2;
  }
}

function zplPages(job: Buffer): { pages: Buffer[]; used: number } {
  const text = job.toString("latin1");
  const pages: Buffer[] = [];
  let used = 0;
  for (const m of text.matchAll(/\^XA(?:(?!\^XA)[\s\S])*?\^XZ/g)) {
    // a block that draws is a label (a picture ^GFA, or the printer's own commands: fields placed by
    // ^FO or ^FT, boxes ^GB, a stored picture ^XG); the job's settings blocks draw nothing
    if (/\^(?:GFA|FO|FT|GB|XG)/.test(m[0]) && !m[0].includes("^DF")) pages.push(Buffer.from(m[0], "latin1"));
    used = (m.index ?? 0) + m[0].length;
  }
  return { pages, used };
}

const isTspl = (job: Buffer) =>
  job.includes("CLS\r\nBITMAP ", 0, "latin1") ||
  job.includes("SIZE ", 0, "latin1") ||
  job.subarray(0, 8).toString("latin1") === "PRINT 1,";

export const takePages = (job: Buffer): { pages: Buffer[]; used: number } =>
  isTspl(job) ? tsplPages(job) : zplPages(job);

export const labelPages = (job: Buffer): Buffer[] => takePages(job).pages;

/** A TSPL page that is only `PRINT 1,n` (no image of its own). */
export const isBarePrint = (page: Buffer) => page.subarray(0, 8).toString("latin1") === "PRINT 1,";

/** The labels one page prints (its copies: TSPL PRINT 1,n, ZPL ^PQn). */
export function pageCopies(page: Buffer): number {
  const m = /(?:PRINT 1,|\^PQ)(\d+)/.exec(page.subarray(-40).toString("latin1"));
  return m ? Number(m[1]) : 1;
}
