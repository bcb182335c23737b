import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { dateOf, readPriceFile } from '../trace/pricing/litellm';
import { DEFAULT_PRICES, withPriceFile, type PriceTable } from '../trace/pricing/pricing';

// `--prices FILE`: prices for models the shipped table does not know (or newer prices for those it does), from a file
// in LiteLLM's model_prices_and_context_window.json shape. Each price keeps the file's name and date.

/** The price table a command prices with: the shipped one, with the `--prices` file's models over it; or what is wrong. */
export async function pricesOf(path: string | undefined): Promise<PriceTable | { readonly error: string }> {
  if (path === undefined) return DEFAULT_PRICES;
  let text: string;
  let modified: number;
  try {
    const [t, s] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    text = t;
    modified = s.mtimeMs;
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'a folder, not a file'
          : err instanceof Error
            ? err.message
            : String(err);
    return { error: `--prices ${path}: ${why}` };
  }
  const file = readPriceFile(text, basename(path), dateOf(modified));
  if ('error' in file) return { error: `--prices: ${file.error}` };
  return withPriceFile(DEFAULT_PRICES, file);
}
