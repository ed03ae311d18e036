// Lint rules that also guard the process boundaries: a file's folder says where it may run.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.scratch/**', 'release/**', 'test-results/**', 'test/e2e/pages/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Only the wiring files and platform/ may touch Electron; everything else runs in plain Node.
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/platform/electron-*.ts', 'electron/ipc/electron-*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only main.ts, preload.ts and platform/electron-*.ts import electron.' }] }] },
  },
  {
    // shared/ runs in both processes: no Node, no Electron.
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'], patterns: [...nodeBuiltins, '../electron/*', '../renderer/*'] }] },
  },
  {
    // The renderer is untrusted web content: it reaches the main process only through window.disputeDesk.
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'], patterns: [...nodeBuiltins, '../electron/*', '../../electron/*'] }] },
  },
);
