// A ```mermaid block: its source, which content/mermaid.ts renders as a
// diagram as it nears the viewport; without JavaScript the source stays
// readable as a code block.
export function Mermaid({ source }: { source: string }) {
  return <pre className="mermaid">{source}</pre>;
}
