// <TOCInline toc={toc} /> in Markdown: the page's headings as a nested
// list, where the author put it. The engine picks the headings (the
// minHeadingLevel, maxHeadingLevel and toc.slice the author gave).
import type { TOCItem } from '../../contract.gen';

function TOCInlineList({ items }: { items: TOCItem[] }) {
  return (
    <ul className="table-of-contents">
      {items.map((item) => (
        <li key={item.id}>
          {/* The engine renders heading content as inline HTML. */}
          <a href={`#${item.id}`} dangerouslySetInnerHTML={{ __html: item.value }} />
          {item.children && item.children.length > 0 && <TOCInlineList items={item.children} />}
        </li>
      ))}
    </ul>
  );
}

export function TOCInline({ toc }: { toc: TOCItem[] }) {
  return (
    <div className="toc-inline">
      <TOCInlineList items={toc} />
    </div>
  );
}
