import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'node_modules',
      'coverage',
      'reports',
      '.vitest-attachments',
      '**/generated/**',
      'app/.data',
      // What the product's build and end-to-end runs write (gitignored): linting a tree after a test run.
      'app/dist',
      'app/test-results',
      'app/playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  reactHooks.configs.flat.recommended,
  ...storybook.configs['flat/recommended'],
  {
    ignores: ['app/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // The product server (app/) runs in Node only.
    files: ['app/**'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The library must be import-safe everywhere: no DOM globals at module scope is checked by
    // tests; here we forbid the console in library code except errors and warnings.
    files: ['src/**'],
    rules: { 'no-console': ['error', { allow: ['error', 'warn'] }] },
  },
);
