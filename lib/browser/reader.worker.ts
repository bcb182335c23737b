/// <reference lib="webworker" />
import { serveRead, type ReadRequest } from '../engine/reader';

// The reader worker: reads the Blobs the trace worker asks for and hands it their bytes in transferred slices (see
// lib/engine/reader.ts). It does nothing else, so a read moves at the browser's pace while the trace worker parses; it
// reads with FileReaderSync, as blocking costs nothing here.

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (ev: MessageEvent<{ req: ReadRequest; port: MessagePort }>) =>
  serveRead(ev.data.req, ev.data.port, (blob) => new FileReaderSync().readAsArrayBuffer(blob));
