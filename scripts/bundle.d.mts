/** Bundles `entry` into `outfile`, minified for Node 20: an ES module, or with `cjs` a CommonJS script whose
 *  `import.meta.url` is its own URL (as the CLI is bundled). */
export function bundleNode(entry: string, outfile: string, opts?: { readonly cjs?: boolean }): Promise<void>;
