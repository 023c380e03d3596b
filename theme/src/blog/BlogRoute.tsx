// Every blog route in the blog's layout: a post, a list of posts (the
// blog's pages, a tag's, an author's), the tags, the authors, the archive.
// The engine worked out each list; the components only show it.
import type { BlogData, BlogListMeta, BlogPost, BlogTag, PageData } from '../contract.gen';
import { Link } from '../app/Link';
import { ContentVisibilityBanners } from '../docs/DocFooter';
import { BlogLayout } from './BlogLayout';
import { BlogAuthors, BlogPostItem } from './BlogPostItem';

function ListPaginator({ list }: { list: BlogListMeta }) {
  if (!list.newer && !list.older) return null;
  return (
    <nav className="pagination-nav" aria-label="Blog list page navigation">
      {list.newer && (
        <Link to={list.newer} autoAddBaseUrl={false} className="pagination-nav__link pagination-nav__link--prev">
          <div className="pagination-nav__label">« Newer entries</div>
        </Link>
      )}
      {list.older && (
        <Link to={list.older} autoAddBaseUrl={false} className="pagination-nav__link pagination-nav__link--next">
          <div className="pagination-nav__label">Older entries »</div>
        </Link>
      )}
    </nav>
  );
}

function PostPaginator({ blog }: { blog: BlogData }) {
  if (!blog.newer && !blog.older) return null;
  return (
    <nav className="pagination-nav docusaurus-mt-lg" aria-label="Blog post page navigation">
      {blog.newer && (
        <Link to={blog.newer.permalink} autoAddBaseUrl={false} className="pagination-nav__link pagination-nav__link--prev">
          <div className="pagination-nav__sublabel">Newer post</div>
          <div className="pagination-nav__label">{blog.newer.title}</div>
        </Link>
      )}
      {blog.older && (
        <Link to={blog.older.permalink} autoAddBaseUrl={false} className="pagination-nav__link pagination-nav__link--next">
          <div className="pagination-nav__sublabel">Older post</div>
          <div className="pagination-nav__label">{blog.older.title}</div>
        </Link>
      )}
    </nav>
  );
}

function ListHeader({ page, list }: { page: PageData; list: BlogListMeta }) {
  if (list.tag) {
    return (
      <header className="margin-bottom--xl">
        <h1>{page.title}</h1>
        {list.tag.description && <p>{list.tag.description}</p>}
        {list.allTags && (
          <Link to={list.allTags} autoAddBaseUrl={false}>
            View all tags
          </Link>
        )}
      </header>
    );
  }
  if (list.author) {
    return (
      <header className="margin-bottom--xl">
        <h1>{page.title}</h1>
        <BlogAuthors authors={[list.author]} />
        <p>{list.count === 1 ? 'One post' : `${list.count} posts`}</p>
      </header>
    );
  }
  return null;
}

function BlogList({ page, blog }: { page: PageData; blog: BlogData }) {
  const list = blog.list!;
  return (
    <>
      <ListHeader page={page} list={list} />
      {!list.tag && !list.author && <h1 className="sr-only">{page.title}</h1>}
      {(blog.items ?? []).map((post) => (
        <BlogPostItem key={post.permalink} post={post} html={post.html ?? ''} inList />
      ))}
      <ListPaginator list={list} />
    </>
  );
}

/** Tags by their first letter, as Docusaurus's tags page lists them. */
function byLetter(tags: BlogTag[]): [string, BlogTag[]][] {
  const groups: [string, BlogTag[]][] = [];
  for (const tag of tags) {
    const letter = tag.label.charAt(0).toUpperCase();
    const last = groups[groups.length - 1];
    if (last && last[0] === letter) last[1].push(tag);
    else groups.push([letter, [tag]]);
  }
  return groups;
}

function TagsPage({ page, tags }: { page: PageData; tags: BlogTag[] }) {
  return (
    <>
      <h1>{page.title}</h1>
      <section className="margin-vert--lg">
        {byLetter(tags).map(([letter, group]) => (
          <article key={letter}>
            <h2 id={`letter-${letter}`}>{letter}</h2>
            <ul className="padding--none blog-tags__list">
              {group.map((tag) => (
                <li key={tag.permalink} className="blog-tags__item">
                  <Link to={tag.permalink} autoAddBaseUrl={false} className="tag tag--regular">
                    {tag.label}
                    <span className="tag__count">{tag.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <hr />
          </article>
        ))}
      </section>
    </>
  );
}

function Archive({ page, blog }: { page: PageData; blog: BlogData }) {
  return (
    <>
      <header className="margin-bottom--lg">
        <h1>{page.title}</h1>
      </header>
      <div className="row">
        {(blog.archive ?? []).map((year) => (
          <section key={year.year} className="col col--4 margin-vert--lg">
            <h2>{year.year}</h2>
            <ul>
              {year.posts.map((post: BlogPost) => (
                <li key={post.permalink}>
                  <Link to={post.permalink} autoAddBaseUrl={false}>
                    {`${post.formattedDate} - ${post.title}`}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

function AuthorsPage({ page, blog }: { page: PageData; blog: BlogData }) {
  return (
    <>
      <h1>{page.title}</h1>
      <ul className="clean-list blog-authors-list">
        {(blog.authors ?? []).map((author) => (
          <li key={author.permalink}>
            <BlogAuthors authors={[author]} />
            <Link to={author.permalink!} autoAddBaseUrl={false}>
              {author.count === 1 ? 'One post' : `${author.count} posts`}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function BlogContent({ page, blog }: { page: PageData; blog: BlogData }) {
  switch (page.kind) {
    case 'blog-post':
      return (
        <>
          <ContentVisibilityBanners doc={{ unlisted: blog.post!.unlisted }} />
          <BlogPostItem post={blog.post!} html={page.html} inList={false} hasMermaid={page.hasMermaid} />
          <PostPaginator blog={blog} />
        </>
      );
    case 'blog-tags':
      return <TagsPage page={page} tags={blog.tags ?? []} />;
    case 'blog-authors':
      return <AuthorsPage page={page} blog={blog} />;
    case 'blog-archive':
      return <Archive page={page} blog={blog} />;
    default:
      return <BlogList page={page} blog={blog} />;
  }
}

export function BlogRoute({ page }: { page: PageData }) {
  const blog = page.blog!;
  const toc = page.kind === 'blog-post' && !page.hideTableOfContents ? page.toc : undefined;
  return (
    <BlogLayout sidebar={blog.sidebar} path={page.path} toc={toc}>
      <BlogContent page={page} blog={blog} />
    </BlogLayout>
  );
}
