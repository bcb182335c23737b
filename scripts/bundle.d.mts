/** Bundles `entry` into `outfile` (minified ESM for Node 20), as the CLI is bundled. */
export function bundleNode(entry: string, outfile: string): Promise<void>;
