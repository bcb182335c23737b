import type { Trace } from '../trace/model/types';
import type { ScanOptions } from '../share/redact';
import { encodeBundle, seal } from '../share/seal';
import { redactChecked, withoutMedia, type ShareFile } from '../share/sources';
import type { CheckedFile } from '../share/verify';
import { redactViewState } from '../share/view-state';
import type { SealedTrace } from './protocol';
import { loadTrace } from './load';
import { bytesText } from '../trace/sizes';
import { readAgain } from './reread';
import { memorySource, type SourceText } from './source';

/**
 * The check before sealing loads the redacted files with this (`LoadChecked` in `lib/share/verify.ts`): the load loop,
 * exactly as the recipient's viewer loads them, long texts not clamped.
 */
export function loadChecked(files: readonly CheckedFile[]): Promise<Trace> {
  return loadTrace(
    files.map((f) => memorySource(f.path, f.text)),
    { normalize: { clamp: Number.MAX_SAFE_INTEGER } },
  );
}

/** The most text a share reads: each file is redacted as one string, and V8's longest is just under 512 Mi characters. */
export const SHARE_MAX_BYTES = 500 * 1024 * 1024;

/**
 * Why these loaded files cannot be shared, in words, or undefined: a file read only in part (past what the tab's
 * memory holds: a link would carry what this tab never showed), or more text than a share can read.
 */
export function shareRefusal(trace: Trace): string | undefined {
  const cut = trace.diagnostics.find((d) => d.code === 'memory-limit');
  const name = cut?.src ? trace.sources[cut.src.source]?.name : undefined;
  if (cut)
    return `${name ?? 'A file'} was not loaded whole (more would not fit in this tab's memory), so this trace cannot be shared: a link carries whole files. Split the file and share a part small enough to load whole.`;
  const total = trace.sources.reduce((n, s) => n + s.bytes, 0);
  if (total > SHARE_MAX_BYTES)
    return `This trace is ${bytesText(total)} of text: more than a share can read in a browser tab (${bytesText(SHARE_MAX_BYTES)}). Share a smaller part of it.`;
  return undefined;
}

/** The loaded files as text (gzip already undone), under the names they were loaded with; refused in words when
 *  they cannot be shared (`shareRefusal`). */
export function shareFiles(trace: Trace, texts: readonly (SourceText | undefined)[]): Promise<ShareFile[]> {
  const refused = shareRefusal(trace);
  // Final: no retry of the scan can change it (the worker tells the page so).
  if (refused) return Promise.reject(Object.assign(new Error(refused), { final: true }));
  return Promise.all(
    trace.sources.map(async (info, i) => {
      const text = texts[i];
      if (!text) throw new Error(`${info.name} cannot be read again to share it.`);
      return {
        path: info.name.replace(/\.gz$/i, ''),
        text: await readAgain(info.name, 'to share it', () => text.all()),
      };
    }),
  );
}

/**
 * The files with every secret found redacted except those kept, checked (nothing else readable, or it throws in
 * words), bundled, compressed and encrypted (under `password` too, when one is given), with its inline images and
 * documents unless `dropMedia`; and the view state the link carries (`view`), its filter redacted the same way.
 */
export async function sealFiles(
  files: readonly ShareFile[],
  kept: readonly string[],
  options: ScanOptions | undefined,
  view = '',
  password?: string,
  dropMedia = false,
): Promise<SealedTrace> {
  const redaction = await redactChecked(dropMedia ? withoutMedia(files) : files, new Set(kept), loadChecked, options);
  const enc = new TextEncoder();
  const plain = encodeBundle(redaction.files.map((f) => ({ path: f.path, bytes: enc.encode(f.text) })));
  const { sealed, key } = await seal(plain, password ? { password } : {});
  const state = redactViewState(view, redaction.redacted, redaction.kept, options);
  return {
    sealed,
    key,
    plainBytes: plain.length,
    files: redaction.files.length,
    view: state.state,
    filter: state.filter,
  };
}
