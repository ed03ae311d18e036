import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkNodeCurrency, checkRepo, minorsBehind } from '../../../build/node-currency.ts';

const root = new URL('../../..', import.meta.url).pathname;

test(
  "the project's pinned Node is at most one minor behind what " +
    'the lock file says is current, and is what runs the tests',
  () => {
    const r = checkRepo(root);
    assert.deepEqual(r.problems, [], `pinned ${r.pinned}, lock's @types/node ${r.lockedTypes}, running ${r.running}`);
  },
);

test(
  'the check fails for a runtime left behind (24.9.0 ' + 'against 24.19 types), a loose pin, and a lock out of step',
  () => {
    const lock = (node: string, types: string) =>
      JSON.stringify({
        packages: { 'node_modules/node': { version: node }, 'node_modules/@types/node': { version: types } },
      });
    const pkg = (node: string) => JSON.stringify({ devDependencies: { node } });
    const old = checkNodeCurrency({
      packageJson: pkg('24.9.0'),
      lockJson: lock('24.9.0', '24.19.2'),
      running: '24.9.0',
    });
    assert.match(
      old.problems.join('\n'),
      /node 24\.9\.0 is 10 minor releases behind Node 24\.19 .*npm install node@24 --save-exact/,
    );
    assert.deepEqual(
      checkNodeCurrency({ packageJson: pkg('24.18.0'), lockJson: lock('24.18.0', '24.19.2'), running: '24.18.0' })
        .problems,
      [],
      'one minor behind is allowed',
    );
    assert.match(
      checkNodeCurrency({
        packageJson: pkg('^24.21.0'),
        lockJson: lock('24.21.0', '24.19.2'),
        running: '24.21.0',
      }).problems.join(),
      /exact version/,
    );
    assert.match(
      checkNodeCurrency({
        packageJson: pkg('24.21.0'),
        lockJson: lock('24.9.0', '24.19.2'),
        running: '24.21.0',
      }).problems.join(),
      /run npm install/,
    );
    assert.match(
      checkNodeCurrency({
        packageJson: pkg('24.21.0'),
        lockJson: lock('24.21.0', '24.19.2'),
        running: '20.20.2',
      }).problems.join(),
      /run on Node 20\.20\.2/,
    );
    assert.equal(minorsBehind('22.1.0', '24.0.0'), Infinity);
    assert.equal(minorsBehind('24.21.0', '24.19.2'), 0);
  },
);
