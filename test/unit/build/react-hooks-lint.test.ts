// The renderer's hooks are checked by the linter, not curated by hand (eslint.config.js): a value an
// effect reads but its list leaves out, and a hook called conditionally, are errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = new URL('../../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

async function hookErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, 'renderer/screens/x.tsx') });
  return result!.messages.filter((m) => m.ruleId?.startsWith('react-hooks/')).map((m) => m.ruleId!);
}

test('an effect that reads a value its list leaves out is an error in renderer/', async () => {
  const code =
    "import { useEffect } from 'react';\n" +
    'export function X({ id }: { id: string }) {\n' +
    '  useEffect(() => console.log(id), []);\n' +
    '  return null;\n' +
    '}\n';
  assert.deepEqual(await hookErrors(code), ['react-hooks/exhaustive-deps']);
  assert.deepEqual(await hookErrors(code.replace('[]', '[id]')), [], 'the full list is fine');
});

test('a hook called under a condition is an error in renderer/', async () => {
  const code =
    "import { useState } from 'react';\n" +
    'export function X({ on }: { on: boolean }) {\n' +
    '  if (on) useState(0);\n' +
    '  return null;\n' +
    '}\n';
  assert.deepEqual(await hookErrors(code), ['react-hooks/rules-of-hooks']);
});
