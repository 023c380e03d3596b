// A Markdown callout (reference 10.6): `:::note`, `:::tip[Title]` or
// <Admonition type="…">. The engine parses the syntax and gives the type,
// the title (when written) and the body; this component is the one author
// of the markup. A type the theme does not know takes the info style, and
// its keyword stays the title, so a typo such as ":::waring" shows.
import type { ReactNode } from 'react';
import { useTranslate } from '../../app/translate';

interface AdmonitionStyle {
  /** The canonical type, in the theme-admonition-<kind> class. */
  kind: string;
  /** Infima's alert modifier that colours it. */
  alert: string;
}

// Aliases keep their own name as the default title: ":::success" shows
// "success" in the tip style.
const STYLES: Record<string, AdmonitionStyle> = {
  note: { kind: 'note', alert: 'secondary' },
  tip: { kind: 'tip', alert: 'success' },
  info: { kind: 'info', alert: 'info' },
  warning: { kind: 'warning', alert: 'warning' },
  danger: { kind: 'danger', alert: 'danger' },
  caution: { kind: 'caution', alert: 'warning' },
  secondary: { kind: 'note', alert: 'secondary' },
  important: { kind: 'info', alert: 'info' },
  success: { kind: 'tip', alert: 'success' },
};

export interface AdmonitionProps {
  /** The keyword as written (note, tip, …). */
  type: string;
  /** The title as written; absent, the type's translated name. */
  title?: ReactNode;
  /** Classes added to the container (a doc's unlisted and draft banners). */
  className?: string;
  children?: ReactNode;
}

export function Admonition({ type, title, className, children }: AdmonitionProps) {
  const translate = useTranslate();
  const style = STYLES[type] ?? { kind: 'info', alert: 'info' };
  // Lower case, as Docusaurus writes it; the theme's CSS shows it in capitals.
  const heading = title ?? translate(`theme.admonition.${type}`, type);
  return (
    <div className={`theme-admonition theme-admonition-${style.kind} alert alert--${style.alert}${className ? ` ${className}` : ''}`}>
      <div className="admonition-heading">{heading}</div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}
