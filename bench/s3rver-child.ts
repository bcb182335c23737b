// Child process of bench/share-bench.ts: an S3 protocol server (s3rver) in a process of its own, so that its work
// is not counted against the app server's. Prints `endpoint <JSON of the variables a Loupe server needs>`.
// Usage: node --import tsx bench/s3rver-child.ts
import { startS3 } from '../scripts/s3-server';

const s3 = await startS3('loupe-bench');
process.stdout.write(`endpoint ${JSON.stringify(s3.env)}\n`);
process.once('SIGTERM', () => void s3.close().then(() => process.exit(0)));
