'use client';

import type { TraceSummary } from '../../lib/view/trace-summary';
import { Select } from '../ui/kit/Field';

export interface TracePickersProps {
  readonly summary: TraceSummary;
  readonly filter: string;
  readonly onFilter: (q: string) => void;
}

/** Sets or replaces one `key:` term of the filter (the agent and session pickers write the filter). */
export function withTerm(filter: string, key: string, value: string | undefined): string {
  const rest = filter.split(/\s+/).filter((t) => t && !t.startsWith(`${key}:`));
  if (value) rest.push(`${key}:${/\s/.test(value) ? `"${value}"` : value}`);
  return rest.join(' ');
}

function termValue(filter: string, key: string): string {
  const m = new RegExp(`(?:^|\\s)${key}:("([^"]*)"|\\S+)`).exec(filter);
  return m?.[2] ?? m?.[1] ?? '';
}

/** The session and agent pickers: each sets its term of the filter (shown only when there is more than one). */
export function TracePickers({ summary: s, filter, onFilter }: TracePickersProps) {
  const agentValue = termValue(filter, 'agent');
  const sessionValue = termValue(filter, 'session');
  return (
    <>
      {s.sessions.length > 1 ? (
        <Select
          aria-label="Session"
          value={sessionValue}
          onChange={(e) => onFilter(withTerm(filter, 'session', e.target.value || undefined))}
          className="w-32 min-w-20 shrink xl:w-40"
        >
          <option value="">All sessions ({s.sessions.length})</option>
          {s.sessions.map((x) => (
            <option key={x.id} value={x.id.slice(0, 8)}>
              {x.title ? `${x.title.slice(0, 40)} · ` : ''}
              {x.id.slice(0, 8)}
            </option>
          ))}
        </Select>
      ) : null}
      {s.agents.length > 1 ? (
        <Select
          aria-label="Agent"
          value={agentValue}
          onChange={(e) => onFilter(withTerm(filter, 'agent', e.target.value || undefined))}
          className="w-32 min-w-20 shrink xl:w-40"
        >
          <option value="">All agents ({s.agents.length})</option>
          {s.agents.map((a) => (
            <option key={a.index} value={a.filter}>
              {a.label}
            </option>
          ))}
        </Select>
      ) : null}
    </>
  );
}
