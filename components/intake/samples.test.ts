import { describe, expect, it } from 'vitest';
import { SAMPLES } from './samples';

describe('the samples listed on the home page', () => {
  // The home page prints titles and descriptions as plain text: Markdown would show its backticks and asterisks.
  it('read as plain text, with no Markdown markup', () => {
    for (const s of SAMPLES) {
      expect(s.title, s.id).not.toMatch(/[`*]/);
      expect(s.description, s.id).not.toMatch(/[`*]/);
    }
  });
});
