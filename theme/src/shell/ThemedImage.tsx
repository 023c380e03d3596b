// A logo with an optional dark variant (reference 2.8). The server HTML has
// both images and CSS shows the one for <html data-theme>, so it is right
// before hydration in either mode; once hydrated only the current one is
// rendered. Width and height are always set, so nothing shifts.
import type { Logo } from '../contract.gen';
import { useSite } from '../app/SiteContext';
import { hasProtocol, withBaseUrl } from '../utils/links';
import { useColorMode } from './colorMode';
import { cx } from './cx';
import { useHydrated } from './useHydrated';

export function ThemedImage({ logo, alt, className, loading }: { logo: Logo; alt?: string; className?: string; loading?: 'lazy' | 'eager' }) {
  const { baseUrl, title } = useSite();
  const { colorMode } = useColorMode();
  const hydrated = useHydrated();
  const src = (s: string) => (hasProtocol(s) || s.startsWith('data:') ? s : withBaseUrl(baseUrl, s.startsWith('/') ? s : '/' + s));
  const props = {
    alt: alt ?? (logo.alt || title),
    width: logo.width || undefined,
    height: logo.height || undefined,
    loading,
  };
  const light = src(logo.src);
  const dark = src(logo.srcDark || logo.src);
  if (light === dark) return <img src={light} {...props} className={cx(className, logo.className)} />;
  if (hydrated) {
    return <img key={colorMode} src={colorMode === 'dark' ? dark : light} {...props} className={cx(className, logo.className)} />;
  }
  return (
    <>
      <img src={light} {...props} className={cx(className, logo.className, 'themed--light')} />
      <img src={dark} {...props} className={cx(className, logo.className, 'themed--dark')} />
    </>
  );
}
