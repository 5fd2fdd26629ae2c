// Type-aware lint, run by `npm test` (decision 130): above all, a promise that nobody awaits or handles
// cannot be written. Every file is typed by the tsconfig.json that includes it: the root one (backend,
// contracts, workers, bench, test), frontend/tsconfig.json, scripts/tsconfig.json and
// frontend/scripts/tsconfig.json; only the two config files at the root use the default project.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const unsafeAny = ['no-unsafe-argument', 'no-unsafe-assignment', 'no-unsafe-call', 'no-unsafe-member-access', 'no-unsafe-return'];
const off = (rules) => Object.fromEntries(rules.map((rule) => [`@typescript-eslint/${rule}`, 'off']));

export default defineConfig(
  globalIgnores(['**/dist/', 'frontend/build/', 'frontend/.cache/', 'frontend/public/', '.data/', 'test-results/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs', 'jest.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      'require-await': 'off',
      '@typescript-eslint/require-await': 'error',
      // Remix's loaders and actions throw responses (`redirect`, `data`, `new Response`) by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: '@remix-run/server-runtime', name: 'TypedResponse' },
            { from: 'package', package: '@remix-run/router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      // Chinese text uses the ideographic space (U+3000) on purpose; in code it is still an error.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // A leading underscore names a parameter or a destructured-away field kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['frontend/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Plain JavaScript has no types to keep `any` out of (JSON.parse, child processes); the promise rules stay.
    files: ['**/*.{js,mjs}'],
    rules: off(unsafeAny),
  },
  {
    // Tests read HTTP bodies (supertest's `res.body` is `any`) and spreadsheet cells, nest jest's matchers
    // (`expect.objectContaining` is `any`) and assert on the values at run time; typing each body first
    // would be ~480 changes that catch nothing the assertions miss.
    files: ['test/**', '**/*.spec.{ts,tsx}'],
    rules: off([...unsafeAny, 'no-unsafe-enum-comparison']),
  },
  {
    files: ['jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
