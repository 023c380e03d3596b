// A code block (reference 10.7): fenced code, indented code and
// <CodeBlock>. The engine highlights at build time; the lines' tokens come
// as the repeated slot `line` (each placeholder takes the next line),
// ending with the line's newline, so the code's text is exactly the source.
// Line numbers are empty elements with the number in data-line, drawn by
// CSS, so they are never copied with the code. content/codeBlocks.ts adds
// the copy and word-wrap buttons.
import type { ReactNode } from 'react';

export interface CodeBlockProps {
  language?: string;
  title?: string;
  /** The number of lines. */
  lines: number;
  /** The highlighted lines' numbers, from 1. */
  highlighted?: number[];
  /** The first line's number, when lines are numbered. */
  firstLineNumber?: number;
  /** The slot each line's tokens take, in turn. */
  line?: ReactNode;
  /** Each line's text with its newline, in place of the slot: code a site's component computes in the browser. */
  lineTexts?: string[];
}

export interface CodeLineProps {
  highlighted: boolean;
  number?: number;
  children?: ReactNode;
}

/**
 * One line. Its markup depends only on its props, and its content is the
 * slot's placeholder, the same for every line: the server renderer writes
 * each variant once per build (entry-server.tsx, markBuildConstant), which
 * keeps a long example from costing an element render per line.
 */
export function CodeLine({ highlighted, number, children }: CodeLineProps) {
  return (
    <span className={highlighted ? 'line highlighted theme-code-block-highlighted-line' : 'line'}>
      {number !== undefined && <span className="line-number" aria-hidden="true" data-line={number} />}
      {children}
    </span>
  );
}

export function CodeBlock({ language, title, lines, highlighted = [], firstLineNumber, line, lineTexts }: CodeBlockProps) {
  const marked = new Set(highlighted);
  return (
    <div className="code-block" data-language={language || undefined}>
      {title && <div className="code-block-title">{title}</div>}
      <pre className="chroma">
        <code className={language ? `language-${language}` : undefined}>
          {Array.from({ length: lines }, (_, i) => (
            <CodeLine key={i} highlighted={marked.has(i + 1)} number={firstLineNumber === undefined ? undefined : firstLineNumber + i}>
              {lineTexts ? lineTexts[i] : line}
            </CodeLine>
          ))}
        </code>
      </pre>
    </div>
  );
}
