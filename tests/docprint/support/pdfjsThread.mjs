// pdf.js's own worker side (parsing a document into drawing operations) on a Node worker thread, as
// in the browser, where pdf.js parses on its worker and the page's thread only draws. The Node build
// otherwise parses on the main thread ("fake worker"). workerData.port: the port pdf.js talks over.
import { workerData } from "node:worker_threads";
import { WorkerMessageHandler } from "pdfjs-dist/legacy/build/pdf.worker.mjs";

workerData.port.start();
WorkerMessageHandler.initializeFromPort(workerData.port);
