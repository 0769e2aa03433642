// zxing-wasm in Node for the tests: the server's own reader (src/server/picture/zxing.ts).
export { decode } from "../../../src/server/picture/zxing";
