// Lint rules that also guard the process boundaries: a file's folder says where it may run, and
// so what it may import (build/eslint/allowed-imports.ts judges every import form against the
// folder's list; test/unit/build/import-boundaries.test.ts proves each list).
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import allowedImports from './build/eslint/allowed-imports.ts';

/** The layers inside main, from the ground up: each imports only its own layer and those below it,
 * so an arrow never runs back up (and no import cycle can cross two layers). Infrastructure talks
 * to the outside (the service, the database and every repository in it, the keychain, the OS, the
 * disk, files for export; the sandbox stands in for the service); engines do the long work (the
 * outbox, sync, evidence, OCR, the card's history); use cases hold the rules a merchant's action
 * follows (app/, views/); the wiring builds the services and gives them doors (app-services,
 * headless, ipc, cli, main). */
const layers = [
  {
    name: 'infrastructure',
    folders: ['api', 'store', 'credentials', 'platform', 'fs', 'export', 'sandbox'],
    files: ['app-home.ts', 'app-log.ts', 'electron-binary.ts'],
  },
  { name: 'engines', folders: ['outbox', 'sync', 'evidence', 'ocr', 'card-history'], files: [] },
  { name: 'use cases', folders: ['app', 'views'], files: [] },
  {
    name: 'wiring',
    folders: ['ipc', 'cli'],
    files: [
      'app-services.ts',
      'headless.ts',
      'demo.ts',
      'main.ts',
      'preload.ts',
      'cli.ts',
      'cli-bin.mjs',
      'cli-process.mjs',
      'cli-process.d.mts',
      'start.ts',
    ],
  },
];

// A folder or file in electron/ that no layer names would escape the rules above: refuse to lint.
const unlayered = readdirSync(new URL('./electron/', import.meta.url), { withFileTypes: true })
  .map((e) => (e.isDirectory() ? { name: e.name, key: 'folders' } : { name: e.name, key: 'files' }))
  .filter((e) => !layers.some((l) => l[e.key].includes(e.name)));
if (unlayered.length) throw new Error(`electron/ has entries in no layer: ${unlayered.map((e) => e.name).join(', ')}`);

/** The paths (`electron/x/` folders, `electron/x.ts` files) of a layer, as allow-list entries. */
const entriesOf = (layer) => [
  ...layer.folders.map((f) => `electron/${f}/`),
  ...layer.files.map((f) => `electron/${f}`),
];
const globsOf = (layer) => [
  ...layer.folders.map((f) => `electron/${f}/**`),
  ...layer.files.map((f) => `electron/${f}`),
];

/** The files that may touch Electron itself; the rest of electron/ runs in plain Node too (CLI, tests). */
const electronWiring = [
  'electron/main.ts',
  'electron/preload.ts',
  'electron/platform/electron-*.ts',
  'electron/ipc/electron-*.ts',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.scratch/**', 'release/**', 'test-results/**', 'test/e2e/pages/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { local: { rules: { 'allowed-imports': allowedImports } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Hooks called in order, and every value an effect or callback reads in its dependency list: the
    // lists are checked, not curated by hand. The data layer's hooks (useQuery, usePages) take a
    // channel and its input, which they key on themselves, so they need no list.
    files: ['renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['shared/**'],
    rules: { 'local/allowed-imports': ['error', { why: 'shared/ runs in both processes', allow: ['zod', 'shared/'] }] },
  },
  {
    files: ['renderer/**'],
    rules: {
      'local/allowed-imports': [
        'error',
        {
          why: 'renderer/ is web content that reaches the main process only through window.disputeDesk',
          allow: ['react', 'react-dom', 'zustand', 'zod', 'pdfjs-dist', 'shared/', 'renderer/'],
        },
      ],
    },
  },
  {
    files: ['electron/**'],
    rules: {
      'local/allowed-imports': [
        'error',
        { why: 'electron/ is the main process and the CLI', allow: ['*'], deny: ['renderer/'] },
      ],
    },
  },
  {
    // Lines a reader takes in without scrolling sideways: Prettier wraps code at 120, this catches what it
    // cannot break (long strings, template literals, comments).
    files: ['electron/**', 'shared/**', 'renderer/**', 'test/**', 'build/**'],
    rules: { 'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
  {
    // Typed views: the projections, what returns them and the screens that show them assert no types;
    // a value that needs a cast or a coercion belongs in the projection (shared/views/).
    files: [
      'shared/views/**',
      'electron/views/**',
      'electron/ipc/handlers/portfolio.ts',
      'electron/cli/show.ts',
      'renderer/screens/dispute/**',
      'renderer/screens/inbox/**',
      'renderer/screens/ledger.tsx',
      'renderer/screens/outbox.tsx',
    ],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    // Replaces the block above for every file but the wiring (a rule's options are not merged).
    files: ['electron/**'],
    ignores: electronWiring,
    rules: {
      'local/allowed-imports': [
        'error',
        {
          why:
            'electron/ is the main process and the CLI; outside main.ts, preload.ts, platform/electron-*.ts ' +
            'and ipc/electron-*.ts it runs in plain Node too',
          allow: ['*'],
          deny: ['renderer/', 'electron'],
        },
      ],
    },
  },
  // Each layer below the wiring: nothing from a layer above it. Replaces the block above for its files.
  ...layers.slice(0, -1).flatMap((layer, i) => {
    const above = layers.slice(i + 1);
    const why =
      `electron/ layers: ${layer.name} (${entriesOf(layer).join(', ')}) ` +
      `imports nothing from ${above.map((l) => l.name).join(', ')} above it`;
    const deny = ['renderer/', ...above.flatMap(entriesOf)];
    const files = globsOf(layer);
    return [
      {
        files,
        ignores: electronWiring,
        rules: { 'local/allowed-imports': ['error', { why, allow: ['*'], deny: [...deny, 'electron'] }] },
      },
      {
        files: electronWiring.filter((w) => files.some((g) => w.startsWith(g.replace('**', '')))),
        rules: { 'local/allowed-imports': ['error', { why, allow: ['*'], deny }] },
      },
    ].filter((block) => block.files.length > 0);
  }),
);
