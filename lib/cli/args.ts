import { parseByteSize, type LoadLimits } from '../trace/limits';
import type { CliIo } from './io';

// The command line, read: the command, its paths, its flags and valued options.

const FLAGS = new Set(['--json', '--turns', '--utc', '--full', '--debug', '--allow-unpriced']);
const VALUED = new Set([
  '--max-cost',
  '--by',
  '--since',
  '--until',
  '--threads',
  '--max-line-bytes',
  '--max-inflate-bytes',
  '--prices',
]);

export interface Args {
  readonly command: string | undefined;
  readonly paths: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
}

/** A usage error: one line that points at the usage, exit 2. Every wrong argument is said this way. */
export function usageError(io: CliIo, what: string): number {
  io.err(`loupe: ${what} (loupe --help for usage)`);
  return 2;
}

/** The arguments, or what is wrong with them (a usage error). */
export function parseArgs(argv: readonly string[]): Args | string {
  const [first, ...rest] = argv;
  const paths: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  // `loupe --help`, `loupe -h` and `loupe help` ask for the usage, as `loupe stats --help` does: they are no command.
  const help = first === '--help' || first === '-h' || first === 'help';
  if (help) flags.add('--help');
  // `loupe --version`: the version of the package installed, as most command-line tools answer.
  const version = first === '--version';
  if (version) flags.add('--version');
  const command = help || version ? undefined : first;
  let options = true;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    // After `--` every argument is a path, even one that starts with dashes.
    if (options && a === '--') {
      options = false;
      continue;
    }
    if (!options) {
      paths.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const key = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (FLAGS.has(a) || a === '--help' || a === '-h') flags.add(a === '-h' ? '--help' : a);
    else if (VALUED.has(key)) {
      const v = key !== a ? a.slice(eq + 1) : rest[++i];
      if (v === undefined) return `${key} needs a value`;
      values.set(key, v);
    } else if (a.startsWith('--')) return `unknown option ${a}`;
    else paths.push(a);
  }
  return { command, paths, flags, values };
}

/** `--max-line-bytes` and `--max-inflate-bytes` (a number of bytes, or with a unit: 64MB, 8G), or a usage error. */
export function limitsOf(args: Args): LoadLimits | string {
  const out: { maxLineBytes?: number; maxInflateBytes?: number } = {};
  for (const [flag, key] of [
    ['--max-line-bytes', 'maxLineBytes'],
    ['--max-inflate-bytes', 'maxInflateBytes'],
  ] as const) {
    const raw = args.values.get(flag);
    if (raw === undefined) continue;
    const n = parseByteSize(raw);
    if (n === undefined)
      return `${flag} takes a size in bytes (a whole number, or with a unit: 64MB, 8GB); got "${raw}"`;
    out[key] = n;
  }
  return out;
}
