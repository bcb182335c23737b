import { describe, expect, it } from 'vitest';
import { newId } from '../server/trace-store';
import { isValidId, malformedId } from './id';

describe('a shared trace id', () => {
  it('is what the store makes: every new id is valid, and not malformed', () => {
    for (let i = 0; i < 50; i++) {
      const id = newId();
      expect(isValidId(id), id).toBe(true);
      expect(malformedId(id)).toBeUndefined();
    }
  });

  it('says how a link cut short or changed is malformed', () => {
    expect(malformedId('xyz')).toBe(
      'This link is malformed: its trace id (the part after /t/) is 3 characters long, where a shared trace’s is 22. It was likely cut off or changed when it was copied: ask for the whole link.',
    );
    expect(malformedId('A')).toContain('is 1 character long');
    expect(malformedId(`${newId()}x`)).toContain('is 23 characters long');
    expect(malformedId('AAAAAAAAAAAAAAAAAAAA.A')).toContain('has characters a shared trace’s id never has');
  });
});
