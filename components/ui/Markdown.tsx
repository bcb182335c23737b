'use client';

import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * Transcript text as markdown, through a sanitizing renderer: raw HTML in the text is dropped (`skipHtml`), and
 * links and images only keep safe URLs (http, https, mailto; never `javascript:`). Images are not fetched: they show
 * as their alt text and address, so a transcript cannot make the browser call out.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="loupe-markdown text-[13px] leading-relaxed">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url) => defaultUrlTransform(url)}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-700 underline dark:text-sky-400">
              {children}
            </a>
          ),
          img: ({ alt, src }) => <span className="text-neutral-500">[image: {alt || ''} {typeof src === 'string' ? src : ''}]</span>,
          code: ({ children, className }) => <code className={`rounded bg-neutral-100 px-1 font-mono text-[12px] dark:bg-neutral-800 ${className ?? ''}`}>{children}</code>,
          pre: ({ children }) => <pre className="my-2 overflow-auto rounded bg-neutral-100 p-2 font-mono text-[12px] dark:bg-neutral-800">{children}</pre>,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
