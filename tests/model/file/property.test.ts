// Property tests: parse(serialize(doc)) gives back doc (with its mirror copies rebuilt from
// CopyMirrorImage, as loading does), for both formats; no input makes the parser throw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLabelFile, serializeTprt, serializeTprts } from "../../../src/model/file";
import { syncMirrors } from "../../../src/model/ops/mirror-sync";
import { anyDocument, documentOf, ELEMENT_ARBITRARIES } from "./arbitraries";

function roundTrip(input: string | Uint8Array) {
  const r = parseLabelFile(input);
  if (!r.ok) throw new Error(`parse failed: ${JSON.stringify(r.error)}`);
  return r.doc;
}

describe("round trip of random valid documents", () => {
  it(".tprt: parse(serializeTprt(doc)) equals doc", () => {
    fc.assert(
      fc.property(anyDocument, (doc) => {
        expect(roundTrip(serializeTprt(doc))).toEqual(syncMirrors(doc));
      }),
      { numRuns: 300 },
    );
  });

  it(".tprt as UTF-8 bytes: parse(encode(serializeTprt(doc))) equals doc", () => {
    fc.assert(
      fc.property(anyDocument, (doc) => {
        expect(roundTrip(new TextEncoder().encode(serializeTprt(doc)))).toEqual(syncMirrors(doc));
      }),
      { numRuns: 100 },
    );
  });

  it(".tprts: parse(serializeTprts(doc)) equals doc", () => {
    fc.assert(
      fc.property(anyDocument, (doc) => {
        expect(roundTrip(serializeTprts(doc))).toEqual(syncMirrors(doc));
      }),
      { numRuns: 200 },
    );
  });

  for (const [type, arb] of Object.entries(ELEMENT_ARBITRARIES)) {
    it(`every field of ${type} survives both formats`, () => {
      fc.assert(
        fc.property(documentOf(fc.array(arb, { minLength: 1, maxLength: 3 })), (doc) => {
          expect(roundTrip(serializeTprt(doc))).toEqual(syncMirrors(doc));
          expect(roundTrip(serializeTprts(doc))).toEqual(syncMirrors(doc));
        }),
        { numRuns: 60 },
      );
    });
  }

  it("serialising is deterministic and stable after one round trip", () => {
    fc.assert(
      fc.property(anyDocument, (doc) => {
        const xml = serializeTprt(doc);
        expect(serializeTprt(roundTrip(xml))).toBe(xml);
      }),
      { numRuns: 100 },
    );
  });
});

const neverThrows = (input: string | Uint8Array) => {
  const r = parseLabelFile(input);
  expect(typeof r.ok).toBe("boolean");
  if (!r.ok) expect(r.error.key).toMatch(/^file\.error\.\w+$/);
};

describe("hostile input never throws", () => {
  it("random strings and bytes", () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), neverThrows), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), neverThrows), { numRuns: 300 });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), neverThrows), { numRuns: 500 });
  });

  it("random XML-looking text", () => {
    const tag = fc.constantFrom(
      "LabelFile",
      "FileInfo",
      "ObjectList",
      "DrawObject",
      "Type",
      "Data",
      "DataSource",
      "__proto__",
      "x",
    );
    const piece = fc.oneof(
      tag.map((t) => `<${t}>`),
      tag.map((t) => `</${t}>`),
      tag.map((t) => `<${t}/>`),
      fc.constantFrom(
        "Text",
        "Table",
        "yes",
        "-90",
        "1e999",
        "NaN",
        "&amp;",
        "&#0;",
        "&#xD800;",
        '<DataSource Type="9"/>',
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }).map((p) => p.join("")),
        neverThrows,
      ),
      { numRuns: 500 },
    );
  });

  it("mutated valid .tprt files (characters replaced, cut, duplicated)", () => {
    const mutated = fc
      .tuple(
        anyDocument,
        fc.array(fc.tuple(fc.nat(), fc.nat(20), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 6 }),
      )
      .map(([doc, edits]) => {
        let s = serializeTprt(doc);
        for (const [at, len, ins] of edits) {
          const i = at % (s.length + 1);
          s = s.slice(0, i) + ins + s.slice(i + len);
        }
        return s;
      });
    fc.assert(fc.property(mutated, neverThrows), { numRuns: 300 });
  });

  it("mutated valid .tprts files (bytes flipped, cut)", () => {
    const mutated = fc
      .tuple(
        anyDocument,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
        fc.option(fc.nat()),
      )
      .map(([doc, flips, cut]) => {
        const b = serializeTprts(doc).slice();
        for (const [at, x] of flips) b[at % b.length] ^= x;
        return cut === null ? b : b.subarray(0, cut % b.length);
      });
    fc.assert(fc.property(mutated, neverThrows), { numRuns: 300 });
  });

  it("a valid document's elements survive a damaged neighbour", () => {
    fc.assert(
      fc.property(anyDocument, (doc) => {
        const xml = serializeTprt(doc).replace(
          "<ObjectList>",
          '<ObjectList>\n    <DrawObject><Type>Hologram</Type></DrawObject>\n    <Junk a="1"/>',
        );
        expect(roundTrip(xml)).toEqual(syncMirrors(doc));
      }),
      { numRuns: 50 },
    );
  });
});
