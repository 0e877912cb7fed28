import tseslint from 'typescript-eslint';

/** Import-direction rules of STYLE.md: each layer may only depend on the ones below it. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const NODE_BUILTINS = {
  group: ['node:*', 'fs', 'net', 'path', 'crypto', 'os', 'http'],
  message: 'domain and protocols do no I/O',
};
const APPS = { group: ['**/apps/**', '@jejak/server', '@jejak/web'], message: 'packages never import apps' };
const TESTS = ['**/*.test.ts'];
/** The database layer: storage/db/ and the query builder and drivers under it. */
const DB_PACKAGES = ['kysely', 'kysely/**', 'pg', 'pg-copy-streams', '@electric-sql/pglite', '@electric-sql/pglite/**'];
const DATABASE = ['**/storage/db/**', ...DB_PACKAGES];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/screenshots/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'tools/setup/check-node.mjs'] },
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
  // The server's layers (STYLE.md, dependency direction). storage/ is three rooms: db/ (connection,
  // PGlite, COPY, migrations, partitions, locks, schema), ingest/ (the ingest store and its writers;
  // ingest/rows.ts holds the rows the pipeline hands over) and repos/. Tests may build real stores.
  {
    files: ['apps/server/src/http/**', 'apps/server/src/live/**'],
    ignores: TESTS,
    rules: restrict([{ group: DATABASE, message: 'routes go through services, never the database layer' }]),
  },
  {
    files: ['apps/server/src/services/**'],
    ignores: TESTS,
    rules: restrict([{ group: DATABASE, message: 'services use repositories, never the database layer' }]),
  },
  {
    files: ['apps/server/src/pipeline/**', 'apps/server/src/gateway/**'],
    ignores: TESTS,
    rules: restrict([
      {
        regex: '(^|/)storage/(?!ingest/rows\\.ts$)',
        message: 'pipeline and gateway reach storage only through storage/ingest/rows.ts: stores are handed to them',
      },
      { group: DB_PACKAGES, message: 'pipeline and gateway never use the database: stores are handed to them' },
    ]),
  },
  {
    // Flat today: a subfolder of bus/ would need its own '../' allowance.
    files: ['apps/server/src/bus/**'],
    ignores: TESTS,
    rules: restrict([
      {
        regex: '^(?!\\./|node:|nats$|@jejak/(contract|domain)$)',
        message: 'bus/ imports only @jejak/contract, @jejak/domain, nats, node: builtins and its own folder',
      },
    ]),
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
