import type { ReactNode } from 'react';
import { SearchBar } from '../../search/ui/SearchBar';
import { cx } from '../cx';

/**
 * The navbar's search slot (reference 3.1, 3.2 type "search"): the search
 * button (src/search/ui), which renders nothing when the site has no search
 * index, so the container stays empty and CSS hides it. It sits at the end
 * of the right-hand items unless the config places a search item.
 */
export function NavbarSearch({ className, children }: { className?: string; children?: ReactNode }) {
  return <div className={cx('navbar__search', className)}>{children ?? <SearchBar />}</div>;
}
