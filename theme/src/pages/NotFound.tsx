import { useTranslate } from '../app/translate';

/** The not-found page (reference 2.2), with the site being replaced's texts. */
export function NotFound() {
  const t = useTranslate();
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--6 col--offset-3">
          <h1 className="hero__title">{t('theme.NotFound.title', 'Page Not Found')}</h1>
          <p>{t('theme.NotFound.p1', 'We could not find what you were looking for.')}</p>
          <p>
            {t(
              'theme.NotFound.p2',
              'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
            )}
          </p>
        </div>
      </div>
    </main>
  );
}
