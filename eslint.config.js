import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // Apps are roles that talk through their packages' exports (and the log), never each other's src/.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(apps/)?(gateway|projector|channel-worker|server|web)/src(/|$)',
              message: "Import the package (@atende/<app>, or its ./testing export), not another app's src/.",
            },
            { regex: '^@atende/[a-z-]+/src(/|$)', message: "Import the package's exports, not its src/." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
