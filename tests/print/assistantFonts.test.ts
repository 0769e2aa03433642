// The downloaded assistant carries no fonts: a font missing on disk is fetched from the web app
// that sent the job (<origin>/label/fonts/<file>); the shipped files are read from disk first.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fontSourceFor, OriginFonts } from "../../src/assistant/fonts";

const ROBOTO = readFileSync("public/fonts/Roboto-Regular.ttf");
let server: Server;
let origin = "";
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    if (req.url === "/label/fonts/Only-On-Server.ttf") res.end(ROBOTO);
    else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("the assistant's fonts", () => {
  it("reads shipped fonts from disk and fetches the others from the web app", async () => {
    const source = fontSourceFor(origin);
    expect((await source("Roboto-Regular.ttf")).byteLength).toBe(ROBOTO.length);
    expect(asked).toEqual([]);
    expect((await source("Only-On-Server.ttf")).byteLength).toBe(ROBOTO.length);
    expect(asked).toEqual(["/label/fonts/Only-On-Server.ttf"]);
    await expect(source("Missing.ttf")).rejects.toThrow(/HTTP 404/);
    await expect(source("../secret.ttf")).rejects.toThrow();
    expect(asked).toHaveLength(2);
  });

  it("keeps one registry per web app origin, none for local programs", () => {
    const f = new OriginFonts();
    expect(f.for(undefined)).toBeUndefined();
    expect(f.for(origin)).toBe(f.for(origin));
    expect(f.for(origin)).not.toBe(f.for("http://other.example"));
  });
});
