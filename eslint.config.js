import tseslint from 'typescript-eslint';

/** Import-direction rules of STYLE.md: each layer may only depend on the ones below it. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const NODE_BUILTINS = {
  group: ['node:*', 'fs', 'net', 'path', 'crypto', 'os', 'http'],
  message: 'domain and protocols do no I/O',
};
const APPS = { group: ['**/apps/**', '@jejak/server', '@jejak/web'], message: 'packages never import apps' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/screenshots/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['packages/domain/src/**'],
    rules: restrict([
      NODE_BUILTINS,
      APPS,
      { group: ['@jejak/*', 'react', 'zod'], message: 'domain depends on nothing' },
    ]),
  },
  {
    files: ['packages/protocols/src/**'],
    rules: restrict([
      NODE_BUILTINS,
      APPS,
      { group: ['@jejak/contract', 'react'], message: 'protocols depend only on domain' },
    ]),
  },
  {
    files: ['packages/contract/src/**'],
    rules: restrict([APPS, { group: ['@jejak/protocols', 'react'], message: 'contract depends on domain and zod' }]),
  },
  {
    files: ['apps/web/src/**'],
    rules: restrict([
      {
        group: ['**/apps/server/**', '@jejak/server', '@jejak/protocols'],
        message: 'web uses domain and contract, never server code',
      },
    ]),
  },
  // A file `depth` folders below screens/<Screen>/ leaves its screen for a sibling one with exactly
  // `depth` '../' and a name; fewer stay inside the screen, more reach the console's shared folders.
  ...[1, 2, 3, 4, 5].map((depth) => ({
    files: [`apps/web/src/screens/*/${'*/'.repeat(depth - 1)}*`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@jejak/server', '@jejak/protocols'],
              message: 'web never imports server code',
            },
            { regex: `^(\\.\\./){${depth}}[^.]`, message: 'a screen never imports another screen' },
            { regex: 'screens/', message: 'a screen never imports another screen' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/http/**', 'apps/server/src/live/**'],
    rules: restrict([
      {
        group: ['**/storage/postgres*', '**/storage/pglite*', '**/storage/database*'],
        message: 'routes go through services',
      },
    ]),
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
