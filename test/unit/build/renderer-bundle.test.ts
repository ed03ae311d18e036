// The renderer's production build: pdf.js is a chunk of its own, fetched by a dynamic import
// when a PDF is first drawn, not part of app.js; every file the window loads is one the app://
// protocol serves (a web file inside the renderer folder, with the CSP, whose script-src 'self'
// admits a chunk of the same origin); zod's messages in English alone.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bundleRenderer } from '../../../build/renderer-bundle.ts';
import { resolveAppRequest } from '../../../electron/platform/app-protocol.ts';
import { contentSecurityPolicy } from '../../../electron/platform/security.ts';

const root = new URL('../../..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'dd-renderer-bundle-'));
after(() => rmSync(out, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

// A string of pdf.js's own (its loading task's class name), not of the app's code that calls it.
const pdfJsMark = 'PDFDocumentLoadingTask';

test(
  'pdf.js is a chunk of its own, imported when first needed; zod in English alone; ' +
    'the app:// protocol serves every file',
  async () => {
    // A chunk left from an earlier build would be packed with the app: the build starts chunks/ over.
    await bundleRenderer({ root, outdir: out, production: true });
    writeFileSync(join(out, 'chunks', 'old-AAAAAAAA.js'), '');
    await bundleRenderer({ root, outdir: out, production: true });
    const built = files(out).map((f) => relative(out, f));
    assert.ok(!built.includes(join('chunks', 'old-AAAAAAAA.js')), built.join(', '));

    const app = readFileSync(join(out, 'app.js'), 'utf8');
    assert.ok(!app.includes(pdfJsMark), 'pdf.js is not in app.js');
    const imported = [...app.matchAll(/import\("\.\/(chunks\/[^"]+\.js)"\)/g)].map((m) => m[1]!);
    const pdfChunk = imported.find((c) => readFileSync(join(out, c), 'utf8').includes(pdfJsMark));
    assert.ok(pdfChunk, `a chunk app.js imports dynamically holds pdf.js (imported: ${imported.join(', ')})`);
    assert.ok(built.includes('pdf.worker.js') && built.includes('index.html') && built.includes('app.css'));

    for (const f of built) {
      const r = resolveAppRequest(`app://dispute-desk/${f}`, out);
      assert.ok(r.ok, `${f} is served`);
      assert.equal(r.headers['content-security-policy'], contentSecurityPolicy);
      if (f.endsWith('.js')) assert.match(r.headers['content-type']!, /^text\/javascript/, f);
    }
    assert.match(contentSecurityPolicy, /script-src 'self'(;|$)/);

    // zod speaks English in the window, and only English: the other languages' messages are left out.
    assert.ok(app.includes('Invalid input: expected'), "zod's English messages");
    assert.ok(!app.includes('Eingabe: erwartet'), "zod's German messages are not in app.js");
  },
);
