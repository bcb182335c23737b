'use client';

import type { RuleGroupView, ShareScan } from '../../lib/share/sources';
import type { WorkerQuery } from '../data/useWorkerQuery';
import { InlineError } from '../ui/InlineError';
import { Button } from '../ui/kit/Button';

type Toggle = (ids: readonly string[], redact: boolean) => void;

function GroupRow({ g, selected, onToggle }: { g: RuleGroupView; selected: ReadonlySet<string>; onToggle: Toggle }) {
  const ids = g.secrets.map((s) => s.id);
  const on = ids.filter((id) => selected.has(id)).length;
  return (
    <li aria-label={`${g.label}: ${g.secrets.length} found`} className="py-1">
      <label className="flex items-center gap-1.5 font-medium">
        <input
          type="checkbox"
          checked={on === ids.length}
          ref={(el) => {
            if (el) el.indeterminate = on > 0 && on < ids.length;
          }}
          onChange={(e) => onToggle(ids, e.target.checked)}
        />
        {g.label}
        <span className="font-normal text-neutral-500">
          {g.group} · {g.secrets.length} found
        </span>
      </label>
      <ul className="ml-5">
        {g.secrets.map((s) => (
          <li key={s.id} className="py-0.5">
            <label className="flex items-baseline gap-1.5">
              <input
                type="checkbox"
                aria-label={`Redact ${s.masked}`}
                checked={selected.has(s.id)}
                onChange={(e) => onToggle([s.id], e.target.checked)}
              />
              <span className="font-mono text-[12px]">{s.masked}</span>
              <span className="text-neutral-500">
                {s.count} occurrence{s.count === 1 ? '' : 's'}
              </span>
            </label>
            <ul className="ml-5 text-[11px] text-neutral-600 dark:text-neutral-400">
              {s.occurrences.map((o, i) => (
                <li key={i} className="truncate font-mono" title={o.field ?? undefined}>
                  <span className="text-neutral-500">
                    {o.where}
                    {o.field ? ` ${o.field}` : ''}
                  </span>{' '}
                  {o.context}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** What the scan found, grouped by rule, each secret with a box (ticked: redacted) and where it occurs. */
export function SecretsFound({
  query,
  selected,
  onToggle,
  onAll,
}: {
  query: WorkerQuery<ShareScan>;
  selected: ReadonlySet<string>;
  onToggle: Toggle;
  /** Redact everything found (true) or keep everything (false). */
  onAll: (redact: boolean) => void;
}) {
  const scan = query.data;
  return (
    <section aria-label="Secrets found" className="mb-2">
      {query.loading ? (
        <p className="text-neutral-500">Scanning every line for secrets…</p>
      ) : query.error && query.final ? (
        // Not a failure of the scan: this trace cannot be shared at all, and says why.
        <p
          role="alert"
          className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-[12px] text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {query.error}
        </p>
      ) : query.error ? (
        <InlineError what="scan the trace for secrets" error={query.error} onRetry={query.retry} />
      ) : scan ? (
        <>
          <div className="mb-1 flex items-center gap-2">
            <h3 className="font-medium" role="status">
              {scan.secrets === 0
                ? `No secrets found in ${scan.lines.toLocaleString()} lines`
                : `${scan.secrets} secret${scan.secrets === 1 ? '' : 's'} found (${scan.occurrences} occurrences) in ${scan.lines.toLocaleString()} lines; ${selected.size} will be redacted`}
            </h3>
            {scan.secrets > 0 ? (
              <span className="ml-auto flex gap-1">
                <Button size="compact" onClick={() => onAll(true)}>
                  Redact all
                </Button>
                <Button size="compact" onClick={() => onAll(false)}>
                  Keep all
                </Button>
              </span>
            ) : null}
          </div>
          {scan.secrets > 0 ? (
            <ul
              aria-label="Redactions"
              className="max-h-72 overflow-auto rounded border border-neutral-200 px-2 dark:border-neutral-700"
            >
              {scan.groups.map((g) => (
                <GroupRow key={g.ruleId} g={g} selected={selected} onToggle={onToggle} />
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
