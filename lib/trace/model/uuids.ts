/**
 * The uuids of events, kept off the events (see `UuidSink`): one typed array of their characters and one of where
 * each starts, instead of a string per event on the heap. A million status frames each holding its own uuid string
 * cost the collector more than parsing them; here they are two arrays. A uuid is made a string again only when asked
 * (`get`), and compared without one (`hash`, `same`).
 *
 * Indexed by event position (the event's seq once the model is built). A uuid with a character past U+00FF, or longer
 * than 255 characters, is kept as it is, in a map beside.
 */
export class UuidColumn {
  private chars: Uint8Array<ArrayBuffer> = new Uint8Array(1 << 16);
  private used = 0;
  /** Per index: where its characters start, plus one (0: no uuid in `chars`). */
  private starts = new Int32Array(1024);
  private lengths = new Uint8Array(1024);
  private readonly other = new Map<number, string>();
  /** One past the highest index set. */
  size = 0;

  set(index: number, uuid: string): void {
    this.room(index);
    const n = uuid.length;
    if (n <= 255) {
      this.space(n);
      // Copied as it is checked (one pass: a million status frames each set one); a character past 0xFF stops it.
      const chars = this.chars;
      const at = this.used;
      let i = 0;
      for (; i < n; i++) {
        const c = uuid.charCodeAt(i);
        if (c > 0xff) break;
        chars[at + i] = c;
      }
      if (i === n) return this.commit(index, n);
    }
    this.starts[index] = 0;
    this.other.set(index, uuid);
  }

  /** `set` of the uuid written as the ASCII bytes `bytes[at, at + length)`, without a string (one of no byte, or of
   *  more than 255, as `set` keeps it). */
  setBytes(index: number, bytes: Uint8Array, at: number, length: number): void {
    if (length === 0 || length > 255) return this.set(index, String.fromCharCode(...bytes.subarray(at, at + length)));
    this.room(index);
    this.space(length);
    const chars = this.chars;
    const to = this.used;
    for (let i = 0; i < length; i++) chars[to + i] = bytes[at + i] ?? 0;
    this.commit(index, length);
  }

  /** Index `to` gets the uuid index `from` of `src` has (or none). */
  copy(src: UuidColumn, from: number, to: number): void {
    const at = from < src.size ? (src.starts[from] ?? 0) : 0;
    if (at > 0) {
      this.room(to);
      const n = src.lengths[from] ?? 0;
      this.space(n);
      for (let i = 0; i < n; i++) this.chars[this.used + i] = src.chars[at - 1 + i] ?? 0;
      return this.commit(to, n);
    }
    const wide = src.other.get(from);
    if (wide !== undefined) this.set(to, wide);
    else if (to < this.size) {
      this.starts[to] = 0;
      this.other.delete(to);
    }
  }

  has(index: number): boolean {
    return index < this.size && ((this.starts[index] ?? 0) > 0 || this.other.has(index));
  }

  get(index: number): string | undefined {
    if (index >= this.size) return undefined;
    const at = this.starts[index] ?? 0;
    if (at === 0) return this.other.get(index);
    return String.fromCharCode(...this.chars.subarray(at - 1, at - 1 + (this.lengths[index] ?? 0)));
  }

  /** FNV-1a over the characters (the same for the same uuid, wherever it is kept); 0 when there is none. */
  hash(index: number): number {
    const at = index < this.size ? (this.starts[index] ?? 0) : 0;
    let h = 0x811c9dc5;
    if (at > 0) {
      const end = at - 1 + (this.lengths[index] ?? 0);
      for (let i = at - 1; i < end; i++) h = Math.imul(h ^ (this.chars[i] ?? 0), 16_777_619);
      return h;
    }
    const wide = this.other.get(index);
    if (wide === undefined) return 0;
    for (let i = 0; i < wide.length; i++) h = Math.imul(h ^ wide.charCodeAt(i), 16_777_619);
    return h;
  }

  /** Whether two indexes hold the same uuid (both have one). */
  same(a: number, b: number): boolean {
    const sa = a < this.size ? (this.starts[a] ?? 0) : 0;
    const sb = b < this.size ? (this.starts[b] ?? 0) : 0;
    if (sa === 0 || sb === 0) {
      // A wide uuid is never equal to a narrow one.
      const wa = this.other.get(a);
      return sa === 0 && sb === 0 && wa !== undefined && wa === this.other.get(b);
    }
    const n = this.lengths[a] ?? 0;
    if (n !== this.lengths[b]) return false;
    for (let i = 0; i < n; i++) if (this.chars[sa - 1 + i] !== this.chars[sb - 1 + i]) return false;
    return true;
  }

  /** Room in `chars` for `n` more characters. */
  private space(n: number): void {
    if (this.used + n > this.chars.length) this.chars = grown(this.chars, this.used + n);
  }

  /** The `n` characters just written at `used` are the uuid of `index`. */
  private commit(index: number, n: number): void {
    this.starts[index] = this.used + 1;
    this.lengths[index] = n;
    this.used += n;
    if (this.other.size > 0) this.other.delete(index);
  }

  private room(index: number): void {
    if (index >= this.starts.length) {
      let size = this.starts.length;
      while (size <= index) size *= 2;
      const starts = new Int32Array(size);
      starts.set(this.starts);
      this.starts = starts;
      const lengths = new Uint8Array(size);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    if (index >= this.size) this.size = index + 1;
  }
}

function grown(a: Uint8Array<ArrayBuffer>, need: number): Uint8Array<ArrayBuffer> {
  let size = a.length;
  while (size < need) size *= 2;
  const b = new Uint8Array(size);
  b.set(a);
  return b;
}

/** The uuid of event `seq` of a trace, wherever it is kept. */
export function eventUuid(
  trace: { readonly events: readonly { readonly uuid?: string }[]; readonly uuids?: UuidColumn },
  seq: number,
): string | undefined {
  return uuidAt(trace.uuids, trace.events, seq);
}

/** The trace with each event's uuid on it again and no column: as a load that keeps them on the events gives it. */
export function withEventUuids<
  T extends { readonly events: readonly { readonly uuid?: string }[]; readonly uuids?: UuidColumn },
>(trace: T): T;
export function withEventUuids<
  T extends { readonly events: readonly { readonly uuid?: string }[]; readonly uuids?: UuidColumn },
>(trace: T | undefined): T | undefined;
export function withEventUuids<
  T extends { readonly events: readonly { readonly uuid?: string }[]; readonly uuids?: UuidColumn },
>(trace: T | undefined): T | undefined {
  if (!trace?.uuids) return trace;
  const { uuids, ...rest } = trace;
  const events = trace.events.map((e, i) => {
    const uuid = uuids.get(i);
    return uuid === undefined || e.uuid === uuid ? e : { ...e, uuid };
  });
  return { ...rest, events } as unknown as T;
}

/** The uuid of event `index`: the column's, else the event's own (events built without a column keep theirs). */
export function uuidAt(
  uuids: UuidColumn | undefined,
  events: readonly { readonly uuid?: string }[],
  index: number,
): string | undefined {
  return uuids?.get(index) ?? events[index]?.uuid;
}
