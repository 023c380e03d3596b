// The recent-posts sidebar, its posts grouped by year as Docusaurus's are.
import { useMemo } from 'react';
import type { BlogLink, BlogSidebar as BlogSidebarData } from '../contract.gen';
import { Link } from '../app/Link';
import { useNavbarMobileSidebar } from '../shell/navbar/mobileSidebarState';
import { SecondaryMenuFiller } from '../shell/navbar/secondaryMenu';
import { isSamePath } from '../utils/links';
import { useWindowSize } from '../utils/useWindowSize';

function byYear(items: BlogLink[]): [string, BlogLink[]][] {
  const groups: [string, BlogLink[]][] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last[0] === (item.year ?? '')) last[1].push(item);
    else groups.push([item.year ?? '', [item]]);
  }
  return groups;
}

/**
 * On mobile the recent posts are the navbar's secondary menu, as
 * Docusaurus's are; following one closes it.
 */
function BlogSidebarMobile({ sidebar, currentPath }: { sidebar: BlogSidebarData; currentPath: string }) {
  const { close } = useNavbarMobileSidebar();
  const menu = useMemo(
    () => (
      <ul className="menu__list blog-sidebar-mobile">
        {sidebar.items.map((item) => {
          const current = isSamePath(item.permalink, currentPath);
          return (
            <li key={item.permalink} className="menu__list-item">
              <Link
                to={item.permalink}
                autoAddBaseUrl={false}
                className={`menu__link${current ? ' menu__link--active' : ''}`}
                aria-current={current ? 'page' : undefined}
                onClick={() => close()}
              >
                {item.title}
              </Link>
            </li>
          );
        })}
      </ul>
    ),
    [sidebar, currentPath, close],
  );
  return <SecondaryMenuFiller>{menu}</SecondaryMenuFiller>;
}

/** The recent posts: a column on the server and on desktops, the navbar's secondary menu on mobile. */
export function BlogSidebar(props: { sidebar: BlogSidebarData; currentPath: string }) {
  const windowSize = useWindowSize();
  if (windowSize === 'mobile') return <BlogSidebarMobile {...props} />;
  return <BlogSidebarDesktop {...props} />;
}

/** currentPath is the page shown: its link is marked current. */
function BlogSidebarDesktop({ sidebar, currentPath }: { sidebar: BlogSidebarData; currentPath: string }) {
  return (
    <aside className="col col--3 blog-sidebar">
      <nav className="blog-sidebar__nav thin-scrollbar" aria-label="Blog recent posts navigation">
        <div className="blog-sidebar__title margin-bottom--md">{sidebar.title}</div>
        {byYear(sidebar.items).map(([year, items]) => (
          <div key={year} role="group" aria-label={year || undefined}>
            {year && <h3 className="blog-sidebar__year">{year}</h3>}
            <ul className="blog-sidebar__list clean-list">
              {items.map((item) => {
                const current = isSamePath(item.permalink, currentPath);
                return (
                  <li key={item.permalink} className="blog-sidebar__item">
                    <Link
                      to={item.permalink}
                      autoAddBaseUrl={false}
                      className={`blog-sidebar__link${current ? ' blog-sidebar__link--active' : ''}`}
                      aria-current={current ? 'page' : undefined}
                    >
                      {item.title}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
