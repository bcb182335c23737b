// The module's own data's end. AssemblyScript (see fast-scan.ts).

/** Where the module's own data ends: the JavaScript side puts needles, slots and chunks after it. */
export function heapBase(): usize {
  return __heap_base;
}
