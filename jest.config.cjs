// One Jest run for every workspace. Node packages share one project; the web app gets its own
// (jsdom) project when it lands. TypeScript is stripped by SWC; `tsc -b` type-checks separately.
const esmOnly = ['uuid'];
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

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
        '<rootDir>/scripts',
      ],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j|mj)s$': swc },
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
      modulePathIgnorePatterns: ['<rootDir>/.*/\\.tsbuild/'],
    },
  ],
  globalSetup: '<rootDir>/scripts/test/global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/test/global-teardown.cjs',
  testTimeout: 30000,
};
