// The suite's `test`: Playwright's, plus a Content-Security-Policy guard on
// every test. The servers send the policy portal build computes (scripts
// and style elements allowed by hash only, no 'unsafe-inline' or
// 'unsafe-eval'); the guard listens for securitypolicyviolation events in
// every page of the test's context and fails the test on any.
import { expect, test as base } from '@playwright/test';

export { expect };

export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  page: string;
  sample: string;
}

export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding('__portalCspViolation', (_source, v: CspViolation) => {
        violations.push(v);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __portalCspViolation?: (v: unknown) => void }).__portalCspViolation;
          report?.({
            directive: e.effectiveDirective,
            blocked: e.blockedURI || 'inline',
            source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
            page: location.href,
            sample: e.sample,
          });
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
