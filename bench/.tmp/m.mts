import { readFileSync } from 'node:fs';
import { loadSources, memorySource } from '../../lib/engine';
import { buildModel } from '../../lib/trace/model/build';
for (const f of ['cc-50', 'sdk-50']) {
  const bytes = new Uint8Array(readFileSync(`/tmp/lib-bench/${f}.jsonl`));
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = await loadSources([memorySource(f + '.jsonl', bytes)]);
    const t1 = performance.now();
    const t2 = performance.now();
    console.log(f, 'total', Math.round(t1 - t0), 'model', Math.round(r.modelMs), 'events', r.trace.events.length);
  }
}
