// Timestamps as epoch milliseconds. Nearly every line carries one in the form `toISOString` writes
// (`2026-01-01T09:30:00.123Z`): that form is read here digit by digit, with the same result as `Date.parse`, which
// costs more than the rest of a small line's normalization. Anything else (other forms, out-of-range fields, dates
// that roll over such as February 30) goes to `Date.parse`, so every engine keeps its own reading of those.

const DAY_MS = 86_400_000;

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's `days_from_civil`). */
function daysFromCivil(year: number, m: number, d: number): number {
  const y = m <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The last date read and its day number: a file's timestamps come in runs of one day. */
let lastDay = -1;
let lastDays = 0;

/** `YYYY-MM-DDTHH:MM:SS.sssZ` with every field in range, as epoch milliseconds; undefined for anything else. */
export function isoMillis(s: string): number | undefined {
  if (s.length !== 24) return undefined;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58)
    return undefined;
  if (s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 46 || s.charCodeAt(23) !== 90) return undefined;
  // Each digit as a number 0-9 (anything else is out of that range as an unsigned number): unrolled, no loop per field.
  const y0 = s.charCodeAt(0) - 48;
  const y1 = s.charCodeAt(1) - 48;
  const y2 = s.charCodeAt(2) - 48;
  const y3 = s.charCodeAt(3) - 48;
  const mo0 = s.charCodeAt(5) - 48;
  const mo1 = s.charCodeAt(6) - 48;
  const d0 = s.charCodeAt(8) - 48;
  const d1 = s.charCodeAt(9) - 48;
  const h0 = s.charCodeAt(11) - 48;
  const h1 = s.charCodeAt(12) - 48;
  const mi0 = s.charCodeAt(14) - 48;
  const mi1 = s.charCodeAt(15) - 48;
  const s0 = s.charCodeAt(17) - 48;
  const s1 = s.charCodeAt(18) - 48;
  const ms0 = s.charCodeAt(20) - 48;
  const ms1 = s.charCodeAt(21) - 48;
  const ms2 = s.charCodeAt(22) - 48;
  if (
    y0 >>> 0 > 9 ||
    y1 >>> 0 > 9 ||
    y2 >>> 0 > 9 ||
    y3 >>> 0 > 9 ||
    mo0 >>> 0 > 9 ||
    mo1 >>> 0 > 9 ||
    d0 >>> 0 > 9 ||
    d1 >>> 0 > 9 ||
    h0 >>> 0 > 9 ||
    h1 >>> 0 > 9 ||
    mi0 >>> 0 > 9 ||
    mi1 >>> 0 > 9 ||
    s0 >>> 0 > 9 ||
    s1 >>> 0 > 9 ||
    ms0 >>> 0 > 9 ||
    ms1 >>> 0 > 9 ||
    ms2 >>> 0 > 9
  )
    return undefined;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const mo = mo0 * 10 + mo1;
  const d = d0 * 10 + d1;
  const h = h0 * 10 + h1;
  const mi = mi0 * 10 + mi1;
  const sec = s0 * 10 + s1;
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59) return undefined;
  if (d > 28 && d > daysInMonth(y, mo)) return undefined;
  const day = (y * 100 + mo) * 100 + d;
  if (day !== lastDay) {
    lastDays = daysFromCivil(y, mo, d);
    lastDay = day;
  }
  return lastDays * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + ms0 * 100 + ms1 * 10 + ms2;
}

/** The value of `n` decimal digits of `b` from `at`, or -1 when one of them is not a digit. */
function byteDigits(b: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const c = (b[i] ?? 0) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** `isoMillis` of the UTF-8 bytes `b[at, at + len)` (the text of a JSON string without its quotes), read without
 *  decoding them: the stats' line reader takes every line's timestamp this way. */
export function isoMillisBytes(b: Uint8Array, at: number, len: number): number | undefined {
  if (len !== 24) return undefined;
  if (b[at + 4] !== 45 || b[at + 7] !== 45 || b[at + 10] !== 84 || b[at + 13] !== 58) return undefined;
  if (b[at + 16] !== 58 || b[at + 19] !== 46 || b[at + 23] !== 90) return undefined;
  return fieldMillis(
    byteDigits(b, at, 4),
    byteDigits(b, at + 5, 2),
    byteDigits(b, at + 8, 2),
    byteDigits(b, at + 11, 2),
    byteDigits(b, at + 14, 2),
    byteDigits(b, at + 17, 2),
    byteDigits(b, at + 20, 3),
  );
}

/** The instant of a timestamp's fields (-1: not digits), when every one is in range. */
function fieldMillis(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  sec: number,
  ms: number,
): number | undefined {
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 || ms < 0)
    return undefined;
  if (d > 28 && d > daysInMonth(y, mo)) return undefined;
  return daysFromCivil(y, mo, d) * DAY_MS + ((h * 60 + mi) * 60 + sec) * 1000 + ms;
}

/** A line's timestamp (an ISO string or epoch milliseconds) as epoch milliseconds, when it is one. */
export function timeFrom(ts: string | number | null | undefined): number | undefined {
  if (typeof ts === 'number') return Number.isFinite(ts) ? ts : undefined;
  if (typeof ts !== 'string') return undefined;
  const fast = isoMillis(ts);
  if (fast !== undefined) return fast;
  const t = Date.parse(ts);
  return Number.isNaN(t) ? undefined : t;
}
