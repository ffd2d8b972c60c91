// One Jest run for every workspace. Node packages (and the browser journeys in apps/web/e2e) share
// one project; the web client's components and sagas run in a jsdom project. TypeScript is stripped by SWC; `tsc -b` type-checks separately.
// ESM-only packages Jest (CommonJS here) must transform; file-type's core is what the gateway uses.
const esmOnly = [
  'uuid',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  '@borewit',
];
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

const swcReact = [
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
const webEsmOnly = ['rettime', 'until-async', '@open-draft'];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/libs',
        '<rootDir>/apps/gateway',
        '<rootDir>/apps/projector',
        '<rootDir>/apps/channel-worker',
        '<rootDir>/apps/server',
        '<rootDir>/scripts',
        '<rootDir>/apps/web/e2e',
      ],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j|mj)s$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
      moduleNameMapper: {
        '^(\\.{1,2}/.*)\\.js$': '$1',
        // Its package has no `require` export (ESM only); Node's own export is core plus file helpers.
        '^file-type$': '<rootDir>/node_modules/file-type/core.js',
      },
      modulePathIgnorePatterns: ['<rootDir>/.*/\\.tsbuild/'],
    },
    {
      displayName: 'web',
      // jsdom plus Node's fetch, streams and BroadcastChannel, which msw 2 needs.
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/apps/web/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/apps/web/src/test/setup-tests.ts'],
      transform: { '^.+\\.(t|j|mj)sx?$': swcReact },
      transformIgnorePatterns: [`/node_modules/(?!(${webEsmOnly.join('|')})/)`],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/apps/web/src/test/style-stub.cjs',
        // Shared domain modules (`@atende/events/…`) import their siblings as `.js`, as Node wants.
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
    },
  ],
  globalSetup: '<rootDir>/scripts/test/global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/test/global-teardown.cjs',
  // Two workers on the two-core CI machine: most suites wait on servers, browsers and child
  // processes, so a second worker halves the run (≈10.5 → ≈5 min) instead of contending.
  maxWorkers: 2,
  testTimeout: 30000,
};
