// Every link of the shell and the pages goes through Link (reference 0.6):
// the base URL is added to site paths; a plain left click on an internal
// link navigates on the client; the target's data is prefetched when the
// link is first hovered, focused or touched (at once), or when it scrolls
// into view (once the page has loaded, within a byte budget: router.tsx);
// external links open in a new tab. A "pathname://" prefix forces a full
// page load.
import { useEffect, useRef, type AnchorHTMLAttributes, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';
import { useSite } from './SiteContext';
import { useRouter } from './router';
import { hasProtocol, withBaseUrl } from '../utils/links';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to?: string;
  href?: string;
  /** Adds no base URL (for URLs already complete). */
  autoAddBaseUrl?: boolean;
}

const PATHNAME_PROTOCOL = 'pathname://';

export interface ResolvedLink {
  /** The href to render. */
  url: string;
  /** Whether a plain click navigates on the client (and the link is prefetched). */
  routed: boolean;
  /** Whether the link leaves the site's router: gets target _blank and rel noopener unless given. */
  external: boolean;
}

/** Decides how a link target renders (reference 0.6, rules 1–5). */
export function resolveLink(raw: string | undefined, baseUrl: string, options: { autoAddBaseUrl?: boolean; target?: string } = {}): ResolvedLink {
  let target = raw ?? '';
  let forcedExternal = false;
  if (target.startsWith(PATHNAME_PROTOCOL)) {
    target = target.slice(PATHNAME_PROTOCOL.length);
    forcedExternal = true;
  }
  const hasProto = hasProtocol(target);
  const url = !hasProto && options.autoAddBaseUrl !== false && target.startsWith('/') ? withBaseUrl(baseUrl, target) : target;
  const external = forcedExternal || hasProto;
  const routed = !external && target !== '' && !target.startsWith('#') && (options.target === undefined || options.target === '_self');
  return { url, routed, external };
}

/** A click the browser should handle itself: not the main button, a modifier key, or a download. */
function isSpecialClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.currentTarget.hasAttribute('download');
}

export function Link({ to, href, autoAddBaseUrl = true, onClick, onMouseEnter, onTouchStart, onFocus, target, rel, ...rest }: LinkProps) {
  const site = useSite();
  const router = useRouter();
  const ref = useRef<HTMLAnchorElement>(null);
  const { url, routed, external } = resolveLink(to ?? href, site.baseUrl, { autoAddBaseUrl, target });
  const prefetched = useRef(false);
  const { prefetch, navigate } = router;

  // Prefetch the first time the link is in the viewport (at once without IntersectionObserver).
  useEffect(() => {
    const el = ref.current;
    if (!routed || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      prefetch(url, { inView: true });
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting || e.intersectionRatio > 0)) {
        observer.disconnect();
        prefetch(url, { inView: true });
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [routed, url, prefetch]);

  const prefetchOnce = () => {
    if (!routed || prefetched.current) return;
    prefetched.current = true;
    prefetch(url);
  };

  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || !routed || isSpecialClick(e)) return;
    e.preventDefault();
    navigate(url);
  };

  return (
    <a
      ref={ref}
      href={url || undefined}
      target={external ? (target ?? '_blank') : target}
      rel={external ? (rel ?? 'noopener noreferrer') : rel}
      onClick={handleClick}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(e);
        prefetchOnce();
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(e);
        prefetchOnce();
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(e);
        prefetchOnce();
      }}
      {...rest}
    />
  );
}
