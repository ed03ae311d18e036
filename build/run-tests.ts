// `npm test`: typecheck, lint, then every test file in one `node --test` run. A file whose tests
// have ended exits even if something it started is still alive (--test-force-exit), so a leaked
// child or server fails its own test instead of holding the run until CI's limit.
// Every tier under test/ runs here: unit/, integration/, keychain/, e2e/ and slow/ (the
// exactly-once chaos test and the Electronegativity scan, kept out of `npm run test:unit` and
// `test:integration` so those stay quick). The slow tier starts first, so its long files overlap
// the other tiers instead of running on alone at the end.
// The whole run happens inside a private D-Bus session with an unlocked gnome-keyring when the
// machine has them, so the keychain tests reach a real Secret Service; without them those tests
// say why they skip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  process.stdout.write(`\n== ${label}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env });
  if (r.status !== 0) {
    process.stdout.write(`\n${label} failed (exit ${r.status ?? r.signal}).\n`);
    process.exit(r.status ?? 1);
  }
}

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'bench' && name !== 'fixtures') out.push(...testFiles(p));
    } else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out.sort();
}

const only = process.argv.slice(2);
if (only.length === 0) {
  run('typecheck', process.execPath, [
    join(root, 'node_modules/typescript/bin/tsc'),
    '--noEmit',
    '-p',
    'tsconfig.json',
  ]);
  run('typecheck shared (no Node, no DOM)', process.execPath, [
    join(root, 'node_modules/typescript/bin/tsc'),
    '--noEmit',
    '-p',
    'shared/tsconfig.json',
  ]);
  run('typecheck renderer', process.execPath, [
    join(root, 'node_modules/typescript/bin/tsc'),
    '--noEmit',
    '-p',
    'renderer/tsconfig.json',
  ]);
  run('lint', process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '.']);
  // One layout for everyone (Prettier, .prettierrc.json): a file it would change fails here.
  run('format', process.execPath, [
    join(root, 'node_modules/prettier/bin/prettier.cjs'),
    '--check',
    '.',
    '--log-level',
    'warn',
  ]);
  run('bundle', process.execPath, [join(root, 'build/bundle.ts')]);
}

function slowFirst(files: string[]): string[] {
  const slow = join(root, 'test/slow') + sep;
  return [...files.filter((f) => f.startsWith(slow)), ...files.filter((f) => !f.startsWith(slow))];
}

const files = only.length > 0 ? only : slowFirst(testFiles(join(root, 'test')));
const nodeTest = [
  process.execPath,
  '--test',
  '--test-concurrency=2',
  '--test-timeout=600000',
  '--test-force-exit',
  ...files,
];

const home = mkdtempSync(join(tmpdir(), 'dd-test-home-'));
const runtime = mkdtempSync(join(tmpdir(), 'dd-test-run-'));
const env = { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtime, NODE_NO_WARNINGS: '1' };
try {
  if (has('dbus-run-session') && has('gnome-keyring-daemon')) {
    const quoted = nodeTest.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const script =
      `eval "$(printf '\\n' | gnome-keyring-daemon --unlock --components=secrets)"; ` +
      `export GNOME_KEYRING_CONTROL; DD_KEYCHAIN_AVAILABLE=1 exec ${quoted}`;
    run('tests (inside a D-Bus session with gnome-keyring)', 'dbus-run-session', ['--', 'sh', '-c', script], env);
  } else {
    process.stdout.write('\nNo dbus-run-session/gnome-keyring here: keychain tests will report that they skip.\n');
    run('tests', nodeTest[0]!, nodeTest.slice(1), env);
  }
} finally {
  rmSync(home, { recursive: true, force: true });
  rmSync(runtime, { recursive: true, force: true });
}
