// Electronegativity on the sources of both processes and what they share. It exits 0 even with
// findings, so its SARIF output is read and every finding must be explained in
// build/electronegativity-allowlist.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;

interface Sarif {
  runs: Array<{
    results: Array<{
      ruleId: string;
      message?: { text?: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region?: { startLine?: number } } }>;
    }>;
  }>;
}

test('every Electronegativity finding is explained in the reviewed allow-list', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-en-'));
  try {
    const electron = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron as string;
    const out = join(dir, 'findings.sarif');
    // One scan over a copy of the three source folders, so findings are named by their folder.
    const src = join(dir, 'src');
    for (const folder of ['electron', 'renderer', 'shared'])
      cpSync(join(root, folder), join(src, folder), { recursive: true });
    // Offline: the security-fixes check would download Electron's release list (the pinned
    // Electron is reviewed by hand), and got is answered at once instead of retried (see the shim).
    const offline = ['-x', 'AvailableSecurityFixesGlobalCheck'];
    const shim = join(root, 'test/slow/shell/support/offline-got.cjs');
    const tool = join(root, 'node_modules/@doyensec/electronegativity/dist/index.js');
    const r = spawnSync(
      process.execPath,
      ['--require', shim, tool, '-i', src, '-o', out, '-r', '-e', electron, ...offline],
      { encoding: 'utf8', timeout: 180_000 },
    );
    assert.equal(r.status, 0, r.stderr);
    const sarif = JSON.parse(readFileSync(out, 'utf8')) as Sarif;
    const allow = (
      JSON.parse(readFileSync(join(root, 'build/electronegativity-allowlist.json'), 'utf8')) as {
        findings: Array<{ rule: string; file: string; reason: string }>;
      }
    ).findings;
    for (const a of allow) assert.ok(a.reason.length > 20, `the allow-list entry ${a.rule} ${a.file} explains itself`);
    const findings = sarif.runs.flatMap((run) =>
      run.results.map((x) => ({
        rule: x.ruleId,
        file: x.locations[0]?.physicalLocation.artifactLocation.uri ?? '',
        line: x.locations[0]?.physicalLocation.region?.startLine,
        text: x.message?.text ?? '',
      })),
    );
    const unexplained = findings.filter((f) => !allow.some((a) => a.rule === f.rule && a.file === f.file));
    assert.deepEqual(
      unexplained.map((f) => `${f.rule} ${f.file}:${f.line} ${f.text.slice(0, 100)}`),
      [],
    );
    assert.ok(findings.length > 0, 'the scan saw the sources');
    for (const folder of ['electron/', 'renderer/'])
      assert.ok(
        findings.some((f) => f.file.startsWith(folder)) || allow.every((a) => !a.file.startsWith(folder)),
        `the scan read ${folder}`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
