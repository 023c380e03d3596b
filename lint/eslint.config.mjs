// ESLint for the theme (theme/) and the browser suite (e2e/): `make lint`
// runs it from the repository root as lint/node_modules/.bin/eslint -c
// lint/eslint.config.mjs theme e2e.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'theme/bundle/**', 'theme/.cache/**', 'theme/test-results/**', 'e2e/test-results/**', 'e2e/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['theme/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The rules of hooks, and every dependency of an effect, memo or
      // callback named. (The plugin's React Compiler rules are not on: the
      // theme is not compiled with it.)
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['theme/*.ts', 'theme/bench/**', 'e2e/**/*.ts', '**/*.test.{ts,tsx}', 'theme/src/test/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      // Unused names are errors, except arguments and caught errors named
      // with a leading underscore on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
