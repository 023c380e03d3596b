// One post as its page and the lists show it (Docusaurus's BlogPostItem):
// the title, the date and reading time, the authors, the content (a list
// shows the excerpt, then "Read more"), the tags and the edit link.
import type { ReactNode } from 'react';
import type { BlogAuthor, BlogPost, BlogTag } from '../contract.gen';
import { Link } from '../app/Link';
import { Content } from '../content/Content';
import { useTranslate } from '../app/translate';

/** "One min read" or "N min read", as Docusaurus's English theme says. */
export function readingTimeLabel(minutes: number): string {
  return minutes === 1 ? 'One min read' : `${minutes} min read`;
}

function AuthorLink({ author, children }: { author: BlogAuthor; children: ReactNode }) {
  const href = author.permalink || author.url || (author.email ? `mailto:${author.email}` : '');
  if (!href) return <>{children}</>;
  return author.permalink ? (
    <Link to={author.permalink} autoAddBaseUrl={false}>
      {children}
    </Link>
  ) : (
    <Link href={href}>{children}</Link>
  );
}

export function BlogAuthors({ authors }: { authors: BlogAuthor[] }) {
  if (authors.length === 0) return null;
  return (
    <div className="margin-top--md margin-bottom--sm row blog-authors">
      {authors.map((author, i) => (
        <div key={author.key || author.name || i} className="col col--6 authorCol">
          <div className="avatar margin-bottom--sm">
            {author.imageUrl && (
              <AuthorLink author={author}>
                <img className="avatar__photo" src={author.imageUrl} alt={author.name ?? ''} width={48} height={48} loading="lazy" />
              </AuthorLink>
            )}
            {(author.name || author.title) && (
              <div className="avatar__intro">
                {author.name && (
                  <div className="avatar__name">
                    <AuthorLink author={author}>
                      <span>{author.name}</span>
                    </AuthorLink>
                  </div>
                )}
                {author.title && <small className="avatar__subtitle">{author.title}</small>}
              </div>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

export function BlogTags({ tags }: { tags: BlogTag[] }) {
  const t = useTranslate();
  if (tags.length === 0) return null;
  return (
    <div className="blog-tags">
      <b>{t('theme.tags.tagsListLabel', 'Tags:')}</b>
      <ul className="blog-tags__list padding--none margin-left--sm">
        {tags.map((tag) => (
          <li key={tag.permalink} className="blog-tags__item">
            <Link to={tag.permalink} autoAddBaseUrl={false} className="tag tag--regular" rel="tag">
              {tag.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface BlogPostItemProps {
  post: BlogPost;
  /** The content HTML: the page's own on a post page, the excerpt in a list. */
  html: string;
  /** A list entry: the title links to the post, and an excerpt ends with "Read more". */
  inList: boolean;
  hasMermaid?: boolean;
}

export function BlogPostItem({ post, html, inList, hasMermaid }: BlogPostItemProps) {
  const Heading = inList ? 'h2' : 'h1';
  const t = useTranslate();
  return (
    <article className={`blog-post${inList ? ' margin-bottom--xl' : ''}`}>
      <header>
        <Heading className="blog-post__title">
          {inList ? (
            <Link to={post.permalink} autoAddBaseUrl={false}>
              {post.title}
            </Link>
          ) : (
            post.title
          )}
        </Heading>
        <div className="blog-post__meta margin-vert--md">
          <time dateTime={post.date}>{post.formattedDate}</time>
          {post.readingTime ? <> · {readingTimeLabel(post.readingTime)}</> : null}
        </div>
        <BlogAuthors authors={post.authors} />
      </header>
      <div className="markdown">
        <Content html={html} hasMermaid={hasMermaid} />
      </div>
      {(post.tags.length > 0 || (inList && post.truncated) || (!inList && post.editUrl)) && (
        <footer className="row docusaurus-mt-lg blog-post__footer">
          {post.tags.length > 0 && (
            <div className="col">
              <BlogTags tags={post.tags} />
            </div>
          )}
          {inList && post.truncated && (
            <div className="col text--right">
              <Link to={post.permalink} autoAddBaseUrl={false} aria-label={`Read more about ${post.title}`}>
                <b>Read more</b>
              </Link>
            </div>
          )}
          {!inList && post.editUrl && (
            <div className="col margin-top--sm">
              <Link to={post.editUrl} className="theme-edit-this-page">
                {t('theme.common.editThisPage', 'Edit this page')}
              </Link>
            </div>
          )}
        </footer>
      )}
    </article>
  );
}
