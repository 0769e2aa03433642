// A ^BC GS1-128 whose data our GS1-128 elements refuse (a wrong check digit): still listed as
// `^BC data`, drawn as the bars of its data as given (FNC1 first and after a value of no fixed
// length), which zxing reads back as that data, a GS1 symbol.
import { describe, expect, it } from "vitest";
import type { ImageElement } from "../../src/model/types";
import { readZpl } from "../../src/zpl";
import { decodeZpl } from "../print/support/decodeJob";
import { job, scanned } from "../print/support/nativeJob";

const read = (zpl: string) => readZpl(new TextEncoder().encode(zpl), { dpi: 203 });

describe("a refused GS1-128 drawn as given", () => {
  it("mode D and >;>8 with a wrong check digit: listed, its bars where the code goes, decoded as sent", async () => {
    for (const fd of [
      "^BCN,100,Y,N,N,D^FD(02)07312345678906(37)40",
      "^BCN,100,N,N,N^FD>;>80207312345678906>8>63740",
    ]) {
      const r = await read(`^XA^PW600^LL300^FO40,60^BY2${fd}^FS^XZ`);
      expect(r.unknown).toEqual([{ command: "^BC data", count: 1 }]);
      const [el] = r.docs[0].elements as ImageElement[];
      expect(el.Type).toBe("Image");
      // ^FO's top left, 100 dots of bars at 2 dots a module
      expect(el.StartX).toBeCloseTo((40 * 25.4) / 203, 2);
      expect(el.StartY).toBeCloseTo((60 * 25.4) / 203, 2);
      expect(el.Height).toBeCloseTo((100 * 25.4) / 203, 2);
      const [page] = decodeZpl(await job(r.docs[0], "ZPL"));
      // a GS1 symbol (zxing brackets its AIs only after FNC1 first): (02) with its wrong check digit
      // as sent, then (37)
      expect(await scanned(page)).toEqual(["(02)07312345678906(37)40"]);
    }
  }, 60_000);
});
