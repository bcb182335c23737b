// Calendar days of instants, in UTC or local time: what the reports group by and `--since`/`--until` read.

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** The calendar day of an instant, in UTC or local time. */
export function dayOf(ms: number, utc: boolean): string {
  const d = new Date(ms);
  return utc
    ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `YYYY-MM-DD` or `YYYYMMDD` (ccusage's spelling) to `YYYY-MM-DD`; undefined when it is neither a real date. */
export function parseDay(text: string): string | undefined {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const iso = `${y}-${mo}-${d}`;
  return dayOf(date.getTime(), true) === iso ? iso : undefined;
}

const DAY_MS = 86_400_000;

/**
 * `dayOf` for instants that come in runs of one day (a session's calls, in order): one Date and string per run, not
 * per call. It remembers the span of the last day it named, and names an instant in it without a Date.
 */
export class DayNames {
  private from = 0;
  private to = 0;
  private name = '';

  constructor(private readonly utc: boolean) {}

  of(ms: number): string {
    if (ms >= this.from && ms < this.to) return this.name;
    const name = dayOf(ms, this.utc);
    this.name = name;
    this.from = this.to = 0;
    if (!Number.isFinite(ms)) return name;
    if (this.utc) {
      this.from = Math.floor(ms / DAY_MS) * DAY_MS;
      this.to = this.from + DAY_MS;
    } else {
      // The local day's first instant and the next day's: kept only when the offset is the same at both ends (a day
      // with a clock change is named call by call, as before).
      const start = new Date(ms);
      start.setHours(0, 0, 0, 0);
      const end = new Date(start.getTime());
      end.setDate(end.getDate() + 1);
      end.setHours(0, 0, 0, 0);
      const from = start.getTime();
      const to = end.getTime();
      if (from <= ms && ms < to && start.getTimezoneOffset() === new Date(to - 1).getTimezoneOffset()) {
        this.from = from;
        this.to = to;
      }
    }
    return name;
  }
}
