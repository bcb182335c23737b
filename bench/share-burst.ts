// Child process of bench/share-bench.ts: sends N concurrent uploads of M MB to a Loupe server and exits 0 once every
// one is answered 201 (and its id read). Usage: node --import tsx bench/share-burst.ts <base url> <N> <M>
import { randomBytes } from 'node:crypto';

const [base, n = '40', mb = '5'] = process.argv.slice(2);
if (!base) throw new Error('usage: share-burst.ts <base url> <uploads> <MB each>');
const body = randomBytes(Number(mb) * 1024 * 1024);
process.stdout.write('sending\n');
const statuses = await Promise.all(
  Array.from({ length: Number(n) }, async () => {
    const res = await fetch(`${base}/api/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  }),
);
const stored = statuses.filter((s) => s === 201).length;
process.stdout.write(`stored ${stored}\n`);
process.exit(stored === Number(n) ? 0 : 1);
