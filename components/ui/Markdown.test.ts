import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

const html = (text: string): string => renderToStaticMarkup(createElement(Markdown, { text }));

describe('Markdown of transcript text', () => {
  it('shows a prompt part wrapped in tags as its text, not as nothing', () => {
    const out = html('<instructions>\nFix the bug in greet.py\n</instructions>\n\nThen run the **tests**.');
    expect(out).toContain('<p>&lt;instructions&gt;<br/>\nFix the bug in greet.py<br/>\n&lt;/instructions&gt;</p>');
    expect(out).toContain('<strong>tests</strong>');
  });

  it('keeps inline tags as text in their line, never as markup', () => {
    expect(html('Use <b onmouseover="x()">bold</b> here')).toBe(
      '<div class="loupe-markdown text-[13px] leading-relaxed"><p>Use &lt;b onmouseover=&quot;x()&quot;&gt;bold&lt;/b&gt; here</p></div>',
    );
    expect(html('> <script>alert(1)</script>')).toContain(
      '<blockquote>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n</blockquote>',
    );
  });
});
