// Share-link privacy through the API on the S3 store: a real S3 protocol server (s3rver) on this machine.
import { filesUnder } from './http-contract';
import { httpPrivacyContract } from './http-privacy-contract';
import { startS3, type S3Server } from '../../scripts/s3-server';

let s3: S3Server | undefined;

httpPrivacyContract({
  kind: 's3',
  async setup() {
    s3 = await startS3();
    Object.assign(process.env, s3.env);
  },
  async teardown() {
    await s3?.close();
  },
  files: () => (s3 ? filesUnder(s3.directory) : []),
});
