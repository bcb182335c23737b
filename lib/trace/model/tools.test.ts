import { describe, expect, it } from 'vitest';
import { denialKind } from './tools';

// Texts copied from real transcripts (fixtures/real/claude-code-log/projects/-src-experiments-claude_p).
describe('denialKind', () => {
  it.each([
    "Error: Claude requested permissions to use WebSearch, but you haven't granted it yet.",
    "Error: Claude requested permissions to read from ~/.claude/CLAUDE.md, but you haven't granted it yet.",
    "Claude requested permissions to write to /src/a.py, but you haven't granted it yet.",
    'Error: This command requires approval',
    "Error: ls in '~/.claude' was blocked. For security, Claude Code may only list files in the allowed working directories for this session: '/src/experiments/claude_p'.",
  ])('a refusal by the permission system: %s', (text) => {
    expect(denialKind(text)).toBe('denial-text');
  });

  it('a user rejection', () => {
    expect(denialKind("The user doesn't want to proceed with this tool use. The tool use was rejected")).toBe(
      'rejection-text',
    );
  });

  it('a tool that failed on its own is not a denial', () => {
    expect(denialKind('cat: /etc/shadow: Permission denied')).toBeUndefined();
    expect(denialKind('File does not exist.')).toBeUndefined();
  });
});
