// The navbar brand (reference 2.8): the logo (55×50 in the portal's config)
// and title, linking to the home page or the logo's configured href. A
// navbar with neither has no brand: an empty link would be a keyboard stop
// with nothing to see or announce.
import { Link } from '../../app/Link';
import { useSite } from '../../app/SiteContext';
import { ThemedImage } from '../ThemedImage';

export function NavbarLogo() {
  const { themeConfig, title: siteTitle } = useSite();
  const { logo, title } = themeConfig.navbar;
  // With a title next to it, the image is decorative unless given alt text.
  const alt = logo?.alt || (title ? '' : siteTitle);
  if (!logo && !title) return null;
  return (
    <Link to={logo?.href || '/'} className="navbar__brand" target={logo?.target || undefined}>
      {logo && (
        <div className="navbar__logo">
          <ThemedImage logo={logo} alt={alt} />
        </div>
      )}
      {title && <b className="navbar__title text--truncate">{title}</b>}
    </Link>
  );
}
