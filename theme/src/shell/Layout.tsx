// The page skeleton (reference 2.1): skip link, announcement bar, navbar,
// the main wrapper with the page inside its own error boundary, footer.
// The shell's providers live here, so pages can use them: announcement bar,
// scroll controller, preferred docs version, and the navbar's (secondary
// menu content → mobile sidebar).
import type { ReactNode } from 'react';
import { ErrorBoundary, PageCrash } from '../app/ErrorBoundary';
import { HydrateLater } from '../app/HydrateLater';
import { AnnouncementBar, AnnouncementBarProvider } from './AnnouncementBar';
import { BaseUrlIssueBanner } from './BaseUrlIssueBanner';
import { DocsPreferredVersionProvider } from './docsPreferredVersion';
import { Footer } from './Footer';
import { NavbarMobileSidebarProvider } from './navbar/mobileSidebarState';
import { Navbar } from './navbar/Navbar';
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

export function Layout({ children, noFooter = false }: { children: ReactNode; noFooter?: boolean }) {
  useKeyboardNavigation();
  return (
    <ShellProviders>
      <BaseUrlIssueBanner />
      <SkipToContent />
      <AnnouncementBar />
      <Navbar />
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
