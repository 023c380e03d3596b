// The page skeleton (reference 2.1): skip link, announcement bar, navbar,
// the main wrapper with the page inside its own error boundary, footer.
// The shell's providers live here, so pages can use them: announcement bar,
// scroll controller, preferred docs version, and the navbar's (secondary
// menu content → mobile sidebar).
import type { ReactNode } from 'react';
import { ErrorBoundary, PageCrash } from '../app/ErrorBoundary';
import { useRouter } from '../app/router';
import { useSite } from '../app/SiteContext';
import { HydrateLater } from '../app/HydrateLater';
import { AnnouncementBar, AnnouncementBarProvider } from './AnnouncementBar';
import { BaseUrlIssueBanner } from './BaseUrlIssueBanner';
import { DocsPreferredVersionProvider } from './docsPreferredVersion';
import { Footer } from './Footer';
import { NavbarMobileSidebarProvider } from './navbar/mobileSidebarState';
import { Navbar } from './navbar/Navbar';
import { navbarStateKey } from './navbar/pageKey';
import { SecondaryMenuProvider } from './navbar/secondaryMenu';
import { ScrollControllerProvider } from './scrollController';
import { MAIN_CONTENT_ID, SkipToContent } from './SkipToContent';
import { useKeyboardNavigation } from './useKeyboardNavigation';

export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <AnnouncementBarProvider>
      <ScrollControllerProvider>
        <DocsPreferredVersionProvider>
          <SecondaryMenuProvider>
            <NavbarMobileSidebarProvider>{children}</NavbarMobileSidebarProvider>
          </SecondaryMenuProvider>
        </DocsPreferredVersionProvider>
      </ScrollControllerProvider>
    </AnnouncementBarProvider>
  );
}

// In the server bundle, which the engine runs once per page, the navbar's
// markup is kept by what it shows of the page (Navbar's stateKey).
const RENDERING_ON_SERVER = typeof document === 'undefined';

function useNavbarStateKey(): string | null | undefined {
  const site = useSite();
  const { location, state } = useRouter();
  if (!RENDERING_ON_SERVER || state.status !== 'loaded') return undefined;
  return navbarStateKey(site, state.page, location.pathname);
}

export function Layout({ children, noFooter = false }: { children: ReactNode; noFooter?: boolean }) {
  useKeyboardNavigation();
  const navbarStateKey = useNavbarStateKey();
  return (
    <ShellProviders>
      <BaseUrlIssueBanner />
      <SkipToContent />
      <AnnouncementBar />
      <Navbar stateKey={navbarStateKey} />
      <div id={MAIN_CONTENT_ID} className="theme-layout-main main-wrapper">
        <ErrorBoundary fallback={PageCrash}>{children}</ErrorBoundary>
      </div>
      {!noFooter && (
        <HydrateLater>
          <Footer />
        </HydrateLater>
      )}
    </ShellProviders>
  );
}
