// Each folder's import allow-list (eslint.config.js, build/eslint/allowed-imports.ts), proven by
// linting code as if it were a file of that folder: what crosses a process boundary is refused
// with the folder's list in the message, and what belongs is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = new URL('../../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** The import-boundary messages for `code` linted as the repository file `file`. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  const fatal = result!.messages.filter((m) => m.fatal).map((m) => m.message);
  assert.deepEqual(fatal, [], `the fixture for ${file} parses`);
  return result!.messages.filter((m) => m.ruleId === 'local/allowed-imports').map((m) => m.message);
}

/** One refusal, whose message holds every part. */
async function assertRefused(file: string, code: string, ...parts: string[]): Promise<void> {
  const found = await refusals(file, code);
  assert.equal(found.length, 1, `${file} refuses: ${code}\n${found.join('\n')}`);
  for (const part of parts) assert.ok(found[0]!.includes(part), `"${found[0]}" says "${part}"`);
}

async function assertAllowed(file: string, code: string): Promise<void> {
  assert.deepEqual(await refusals(file, code), [], `${file} may: ${code}`);
}

const lines = (...l: string[]): string => l.join('\n');
const sharedList = 'shared/ runs in both processes: it may import zod and shared/ only';
const rendererList = 'it may import react, react-dom, zustand, zod, pdfjs-dist, shared/ and renderer/ only';

test(
  'shared/ imports zod and shared/ only: no electron/ or ' +
    'renderer/ code however spelled, no Node, no other package',
  async () => {
    const file = 'shared/api/x.ts';
    const client = `(found '../../electron/api/client.ts', which is electron/api/client.ts)`;
    await assertRefused(file, `import '../../electron/api/client.ts';`, sharedList, client);
    await assertRefused(file, `import '../domain/../../electron/api/client.ts';`, 'which is electron/api/client.ts)');
    await assertRefused(file, `import '../../renderer/bridge.ts';`, sharedList, 'which is renderer/bridge.ts)');
    await assertRefused(file, `import '../../package.json';`, sharedList, 'which is package.json)');
    for (const spec of ['sharp', 'node:fs', 'fs', 'undici', 'electron', 'zod-to-json-schema']) {
      await assertRefused(file, `import '${spec}';`, `${sharedList} (found '${spec}')`);
    }
    await assertAllowed(
      file,
      lines(
        `import { z } from 'zod';`,
        `import 'zod/mini';`,
        `import '../domain/money.ts';`,
        `import './primitives.ts';`,
        `export const s = z.string();`,
      ),
    );
  },
);

test(
  'renderer/ imports react, react-dom, zustand, zod, ' + 'pdfjs-dist (and their subpaths), shared/ and renderer/ only',
  async () => {
    const file = 'renderer/screens/x.tsx';
    for (const spec of ['undici', 'node:path', 'electron', 'react-is', 'sharp']) {
      await assertRefused(file, `import '${spec}';`, 'renderer/ is web content', `${rendererList} (found '${spec}')`);
    }
    for (const spec of ['../../electron/api/client.ts', '../../test/support/receipts.ts']) {
      await assertRefused(file, `import '${spec}';`, rendererList, `which is ${spec.slice('../../'.length)})`);
    }
    await assertAllowed(
      file,
      lines(
        `import { createRoot } from 'react-dom/client';`,
        `import { useState } from 'react';`,
        `import 'react/jsx-runtime';`,
        `import { create } from 'zustand';`,
        `import { z } from 'zod';`,
        `import 'pdfjs-dist';`,
        `import 'pdfjs-dist/build/pdf.worker.mjs';`,
        `import '../../shared/api/index.ts';`,
        `import '../components/toast.tsx';`,
        `import '../pdf.ts';`,
        `export const all = [createRoot, useState, create, z];`,
      ),
    );
  },
);

test('electron/ imports anything but renderer/; only the wiring files import electron', async () => {
  const anyPackage = lines(`import 'sharp';`, `import 'undici';`, `import 'node:fs';`, `import 'electron-builder';`);
  await assertAllowed('electron/x.ts', lines(anyPackage, `import '../shared/errors.ts';`, `import './api/http.ts';`));
  await assertAllowed('electron/store/x.ts', lines(anyPackage, `import '../../shared/api/index.ts';`));

  const renderer = `import '../renderer/main.tsx';`;
  const found = `(found '../renderer/main.tsx', which is renderer/main.tsx)`;
  await assertRefused(
    'electron/x.ts',
    renderer,
    'electron/ is the main process and the CLI',
    `it may import anything but renderer/ and electron ${found}`,
  );
  await assertRefused('electron/main.ts', renderer, `it may import anything but renderer/ ${found}`);

  const electron = lines(`import { app } from 'electron';`, `export const a = app;`);
  await assertRefused(
    'electron/x.ts',
    electron,
    'outside main.ts, preload.ts, platform/electron-*.ts and ipc/electron-*.ts it runs in plain Node too',
    `it may import anything but renderer/ and electron (found 'electron')`,
  );
  // A layered folder (see the layers' test) names electron last among what it may not import.
  await assertRefused('electron/store/x.ts', electron, `electron/start.ts and electron (found 'electron')`);
  await assertRefused('electron/cli/x.ts', `import 'electron/main';`, `(found 'electron/main')`);
  for (const file of ['main.ts', 'preload.ts', 'platform/electron-x.ts', 'ipc/electron-x.ts']) {
    await assertAllowed(`electron/${file}`, electron);
  }
});

test('inside electron/, arrows only run down: infrastructure -> engines -> use cases -> wiring', async () => {
  const infra = 'electron/ layers: infrastructure (electron/api/, electron/store/';
  // The store reached up into the outbox; a repository names no use case or door, not even a type.
  await assertRefused(
    'electron/store/x.ts',
    `import '../outbox/runner.ts';`,
    infra,
    'which is electron/outbox/runner.ts)',
  );
  await assertRefused('electron/store/x.ts', `import type { T } from '../app/profiles.ts';\nexport type U = T;`, infra);
  await assertRefused('electron/api/x.ts', `import '../app-services.ts';`, infra, 'which is electron/app-services.ts)');
  await assertRefused(
    'electron/platform/electron-x.ts',
    `import '../ipc/router.ts';`,
    infra,
    'which is electron/ipc/router.ts)',
  );
  await assertAllowed('electron/platform/electron-x.ts', `import 'electron';`);
  await assertAllowed('electron/store/x.ts', lines(`import '../fs/write-atomic.ts';`, `import './database.ts';`));

  const engines =
    'electron/ layers: engines (electron/outbox/, electron/sync/, electron/evidence/, electron/ocr/, electron/card-history/)';
  await assertRefused(
    'electron/outbox/x.ts',
    `import '../app/answer/answer.ts';`,
    engines,
    'which is electron/app/answer/answer.ts)',
  );
  await assertRefused('electron/sync/x.ts', `import { x } from '../views/read-outbox.ts';\nexport { x };`, engines);
  await assertRefused(
    'electron/evidence/x.ts',
    `export * from '../headless.ts';`,
    engines,
    'which is electron/headless.ts)',
  );
  await assertRefused('electron/ocr/x.ts', `import 'electron';`, engines, `(found 'electron')`);
  await assertAllowed(
    'electron/outbox/x.ts',
    lines(`import '../store/outbox-repo.ts';`, `import '../sync/notices.ts';`),
  );

  const useCases = 'electron/ layers: use cases (electron/app/, electron/views/)';
  await assertRefused('electron/app/x.ts', `import '../ipc/router.ts';`, useCases, 'which is electron/ipc/router.ts)');
  await assertRefused(
    'electron/app/x.ts',
    `import type { S } from '../app-services.ts';\nexport type T = S;`,
    useCases,
  );
  await assertRefused('electron/views/x.ts', `import '../cli/show.ts';`, useCases);
  await assertAllowed(
    'electron/app/x.ts',
    lines(`import '../outbox/answers.ts';`, `import '../store/index.ts';`, `import '../views/read-outbox.ts';`),
  );

  // The wiring may import every layer.
  await assertAllowed('electron/app-services.ts', lines(`import './app/x.ts';`, `import './outbox/runner.ts';`));
  await assertAllowed(
    'electron/ipc/handlers/x.ts',
    lines(`import '../../app/x.ts';`, `import '../../store/index.ts';`),
  );
  await assertAllowed('electron/cli/x.ts', lines(`import '../app/x.ts';`, `import '../headless.ts';`));
});

test('every import form is judged: static, type-only, re-exports, import(), require(), import types', async () => {
  const file = 'shared/api/x.ts';
  const forms: Array<[string, (spec: string) => string]> = [
    ['static import', (s) => lines(`import x from '${s}';`, `export const y = x;`)],
    ['import type', (s) => lines(`import type { X } from '${s}';`, `export type Y = X;`)],
    ['export from', (s) => `export { x } from '${s}';`],
    ['export type from', (s) => `export type { X } from '${s}';`],
    ['export * from', (s) => `export * from '${s}';`],
    ['export * as', (s) => `export * as x from '${s}';`],
    ['dynamic import()', (s) => `export const m = await import('${s}');`],
    ['dynamic import() of a template', (s) => `export const m = await import(\`${s}\`);`],
    ['require()', (s) => `export const m = require('${s}');`],
    ['an import type', (s) => `export type T = import('${s}').X;`],
    ['import = require()', (s) => lines(`import x = require('${s}');`, `export const y = x;`)],
  ];
  for (const [form, code] of forms) {
    for (const spec of ['sharp', '../../electron/api/client.ts']) {
      const found = await refusals(file, code(spec));
      assert.equal(found.length, 1, `${form} of '${spec}' is refused: ${found.join('\n')}`);
      assert.ok(found[0]!.startsWith(sharedList), found[0]);
    }
    assert.deepEqual(await refusals(file, code('zod')), [], `${form} of 'zod' is allowed`);
    assert.deepEqual(await refusals(file, code('../domain/money.ts')), [], `${form} of a shared/ file is allowed`);
  }
});

test('a worker named relative to the module (new URL(…, import.meta.url)) is judged like an import', async () => {
  // A URL, so `worker.ts` is the file beside the module.
  const worker = (s: string) => `export const w = new URL('${s}', import.meta.url);`;
  const heic = '../../electron/evidence/heic-worker.ts';
  await assertRefused('shared/api/x.ts', worker(heic), sharedList, 'which is electron/evidence/heic-worker.ts)');
  await assertRefused('renderer/x.ts', worker('../electron/evidence/pdf-raster-worker.ts'), rendererList);
  await assertAllowed(
    'shared/api/x.ts',
    lines(
      worker('./worker.ts'),
      worker('worker.ts'),
      `export const u = new URL('https://example.com/', import.meta.url);`,
    ),
  );
  await assertAllowed('electron/evidence/x.ts', worker('./heic-worker.ts'));
  // The renderer names the pdf.js worker by the page's address: a file the bundle serves, not a module.
  await assertAllowed('renderer/pdf.ts', `export const w = new URL('./pdf.worker.js', location.href).href;`);
});

test('a computed specifier is refused where the folder has an allow-list, and allowed in electron/', async () => {
  const computed = lines(
    `const name = 'zod';`,
    `export const m = await import(name);`,
    `export const r = require(name);`,
  );
  const found = await refusals('shared/api/x.ts', computed);
  assert.equal(found.length, 2, found.join('\n'));
  for (const m of found) assert.ok(m.endsWith(`${sharedList}, and a computed specifier cannot be checked`), m);
  assert.equal((await refusals('renderer/x.ts', computed)).length, 2);
  await assertAllowed('electron/evidence/x.ts', computed);
});

test('test/ and build/ are not held to a list', async () => {
  const anything = lines(`import 'electron';`, `import '../../renderer/main.tsx';`, `import 'sharp';`);
  await assertAllowed('test/unit/x.test.ts', anything);
  await assertAllowed('build/x.ts', anything);
});
