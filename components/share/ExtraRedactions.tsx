'use client';

import { useState, type FormEvent } from 'react';
import type { ExtraPattern } from '../../lib/share/redact';
import { validatePattern } from '../../lib/share/redact';
import { Button } from '../ui/kit/Button';
import { TextInput } from '../ui/kit/Field';

export interface ExtraRedactionsProps {
  /** An exact text to redact too. */
  readonly onLiteral: (text: string) => void;
  readonly onPattern: (pattern: ExtraPattern) => void;
  /** Says why a pattern cannot be used (undefined clears it). */
  readonly onError: (message: string | undefined) => void;
}

/** The share dialog's two boxes: more text, or a regular expression, to redact beside what the rules found. */
export function ExtraRedactions({ onLiteral, onPattern, onError }: ExtraRedactionsProps) {
  const [literal, setLiteral] = useState('');
  const [pattern, setPattern] = useState('');
  const addLiteral = (e: FormEvent) => {
    e.preventDefault();
    const v = literal.trim();
    if (!v) return;
    onLiteral(v);
    setLiteral('');
  };
  const addPattern = (e: FormEvent) => {
    e.preventDefault();
    const v = pattern.trim();
    const problem = validatePattern(v);
    if (problem) {
      onError(`That pattern cannot be used: ${problem}`);
      return;
    }
    onError(undefined);
    onPattern({ label: `Pattern /${v}/`, pattern: v });
    setPattern('');
  };
  return (
    <div className="mb-2 grid gap-2 md:grid-cols-2">
      <form onSubmit={addLiteral} className="flex gap-1">
        <TextInput
          value={literal}
          onChange={(e) => setLiteral(e.target.value)}
          aria-label="Text to redact"
          placeholder="Also redact this exact text"
          className="min-w-0 flex-1"
        />
        <Button type="submit" size="compact">
          Add text
        </Button>
      </form>
      <form onSubmit={addPattern} className="flex gap-1">
        <TextInput
          value={pattern}
          onChange={(e) => setPattern(e.target.value)}
          aria-label="Pattern to redact"
          placeholder="…or a regular expression"
          mono
          className="min-w-0 flex-1"
        />
        <Button type="submit" size="compact">
          Add pattern
        </Button>
      </form>
    </div>
  );
}
