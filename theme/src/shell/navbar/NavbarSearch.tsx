import type { ReactNode } from 'react';
import { cx } from '../cx';

/**
 * The navbar's search slot (reference 3.1, 3.2 type "search"): an empty
 * container until the search feature renders its bar into it. It sits at the
 * end of the right-hand items unless the config places a search item.
 */
export function NavbarSearch({ className, children }: { className?: string; children?: ReactNode }) {
  return <div className={cx('navbar__search', className)}>{children}</div>;
}
