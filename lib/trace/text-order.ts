// Locale-free stand-ins for `toLocaleString('en-US')` and `localeCompare`, which give the same results. The first call
// of either makes V8 load ICU's number format or collator data: about 20 ms and 7 ms of a CLI run that takes 100 ms.

/** Strings of these characters collate (root locale) in code-unit order, as a test of 300,000 random pairs shows
 *  (`/` too: file names under a projects folder, which the file order sorts, need no collator). */
const CODE_ORDER = /^[0-9a-z./-]*$/;

/** `a.localeCompare(b)`, without the collator for the strings Loupe mostly sorts (days, ids, model and file names). */
export function compareText(a: string, b: string): number {
  if (CODE_ORDER.test(a) && CODE_ORDER.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}

/** `s` cut to at most `n` UTF-16 units, the last one `…`, never through an emoji (a surrogate pair stays whole). */
export function cutText(s: string, n: number): string {
  if (s.length <= n) return s;
  let end = n - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${s.slice(0, end)}…`;
}

/** Digits grouped by thousands, from the right. */
function group(digits: string): string {
  let i = digits.length % 3 || 3;
  let out = digits.slice(0, i);
  for (; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** `n.toLocaleString('en-US')` (1,234,567), computed without ICU for safe integers. */
export function formatInt(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  return n < 0 ? `-${group(String(-n))}` : group(String(n));
}

/** `1 model call`, `2 model calls`: a count and its noun, singular for exactly one (`many`: a plural not made by +s). */
export const count = (n: number, one: string, many = `${one}s`): string => `${formatInt(n)} ${n === 1 ? one : many}`;

/**
 * `n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })`. Like ICU, it rounds the shortest
 * decimal that reads back as `n` (0.015 is "0.015", so $0.02; `toFixed` rounds the binary value, 0.01499…, down), half
 * away from zero.
 */
export function formatCents(n: number): string {
  const text = String(n);
  if (!(n >= 0) || !/^\d+(\.\d+)?$/.test(text))
    return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const [whole = '0', frac = ''] = text.split('.');
  let cents = BigInt(whole + frac.slice(0, 2).padEnd(2, '0'));
  if ((frac[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  return `${group(digits.slice(0, -2))}.${digits.slice(-2)}`;
}
