// An h2–h6 heading with its anchor (reference 2.11): the id the engine gave
// it and a hash link, shown as "#" by CSS on hover and focus, named after
// the heading's text (theme.common.headingLinkTitle in code.json).
import type { ReactNode } from 'react';
import { useTranslate } from '../../app/translate';

export interface HeadingProps {
  as: 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  id: string;
  /** The heading's text, or its id when it has none. */
  label: string;
  children?: ReactNode;
}

export function Heading({ as: Tag, id, label, children }: HeadingProps) {
  const translate = useTranslate();
  const title = translate('theme.common.headingLinkTitle', 'Direct link to {heading}').replace('{heading}', label);
  return (
    <Tag id={id} className="anchor">
      {children}
      <a href={`#${id}`} className="hash-link" aria-label={title} title={title}>
        {'\u200B'}
      </a>
    </Tag>
  );
}
