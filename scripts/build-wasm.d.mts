// Types of build-wasm.mjs, for the test that checks the embedded module against a fresh build.
export function compileWasm(): Promise<Buffer>;
export function binaryModule(bytes: Buffer): string;
