'use client';

import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { linkClass } from './kit/styles';

/** The part of an mdast node the plugin below reads and writes. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Nodes whose children are blocks: raw HTML there is a block of its own (`<instructions>` on its own line). */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Raw HTML in transcript text shown as the text it is, never as markup and never dropped: prompts wrap their parts
 * in tags (`<instructions>…</instructions>`), and Claude Code its command output (`<local-command-stdout>`), which
 * markdown reads as an HTML block running to the next blank line. A block becomes a paragraph keeping its line
 * breaks; an inline tag stays in its line. React escapes the text.
 */
function htmlAsText() {
  const walk = (node: MdNode): void => {
    node.children = node.children?.map((k) => {
      if (k.type !== 'html') {
        walk(k);
        return k;
      }
      const text = k.value ?? '';
      if (!BLOCK_PARENTS.has(node.type)) return { type: 'text', value: text };
      return {
        type: 'paragraph',
        children: text
          .split('\n')
          .flatMap((line, i) => [...(i > 0 ? [{ type: 'break' }] : []), { type: 'text', value: line }]),
      };
    });
  };
  return (tree: MdNode) => walk(tree);
}

/**
 * Transcript text as markdown, through a sanitizing renderer: raw HTML in the text shows as text (`htmlAsText`), and
 * links and images only keep safe URLs (http, https, mailto; never `javascript:`). Images are not fetched: they show
 * as their alt text and address, so a transcript cannot make the browser call out.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="loupe-markdown text-[13px] leading-relaxed">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, htmlAsText]}
        skipHtml
        urlTransform={(url) => defaultUrlTransform(url)}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={linkClass()}>
              {children}
            </a>
          ),
          img: ({ alt, src }) => (
            <span className="text-neutral-500">
              [image: {alt || ''} {typeof src === 'string' ? src : ''}]
            </span>
          ),
          code: ({ children, className }) => (
            <code
              className={`rounded bg-neutral-100 px-1 font-mono text-[12px] dark:bg-neutral-800 ${className ?? ''}`}
            >
              {children}
            </code>
          ),
          pre: ({ children }) => (
            <pre className="my-2 overflow-auto rounded bg-neutral-100 p-2 font-mono text-[12px] dark:bg-neutral-800">
              {children}
            </pre>
          ),
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
