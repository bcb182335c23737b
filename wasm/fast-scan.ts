// The stats fast path's byte-level work, compiled to WebAssembly by AssemblyScript (`npm run build:wasm` writes
// lib/fast/wasm-binary.ts; lib/fast/wasm.test.ts checks that it is this file's build). Not TypeScript: i32, usize, load<u8>
// and v128 are AssemblyScript's. Everything here reads bytes in the module's memory and writes numbers; the JavaScript
// side (lib/fast/scan-wasm.ts, lib/fast/lean.ts) decodes the few strings it needs. This file is the entry: the byte
// search (search.ts), the JSON cursor (json.ts) and the line readers on it (assistant.ts, elide.ts, clip.ts, frames.ts).

export { find, findByte, findByteBack, lineEnds, nextLine } from './search';
export { readAssistant } from './assistant';
export { elide } from './elide';
export { clip } from './clip';
export { readFrame } from './frames';
export { heapBase } from './heap';
