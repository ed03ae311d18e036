// The renderer's production build: pdf.js is a chunk of its own, fetched by a dynamic import
// when a PDF is first drawn, not part of app.js; the screens the window does not open on are
// chunks too, and what app.js needs at once is named in index.html (modulepreload); every file
// the window loads is one the app:// protocol serves (a web file inside the renderer folder, with
// the CSP, whose script-src 'self' admits a chunk of the same origin); zod's messages in English
// alone.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bundleRenderer } from '../../../build/renderer-bundle.ts';
import { resolveAppRequest } from '../../../electron/platform/app-protocol.ts';
import { contentSecurityPolicy } from '../../../electron/platform/security.ts';
import { ipcContract } from '../../../shared/ipc/contract.ts';

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
    const js = built.filter((f) => f.endsWith('.js') && f !== 'pdf.worker.js');
    const text = (f: string): string => readFileSync(join(out, f), 'utf8');
    // A chunk imports another as "./name.js" (chunks/ beside it), app.js as "./chunks/name.js".
    const dynamic = js.flatMap((f) =>
      [...text(f).matchAll(/import\("\.\/(?:chunks\/)?([^"/]+\.js)"\)/g)].map((m) => join('chunks', m[1]!)),
    );
    const pdfChunk = dynamic.find((c) => text(c).includes(pdfJsMark));
    assert.ok(pdfChunk, `a chunk imported dynamically holds pdf.js (imported: ${dynamic.join(', ')})`);

    // The inbox is in app.js; the evidence builder (of the dispute page) is not, nor anything it
    // alone needs at start: a chunk imported when the page is first shown holds it.
    assert.ok(app.includes('Select all in this view'), 'the inbox is in app.js');
    const startFiles = [
      ...readFileSync(join(out, 'index.html'), 'utf8').matchAll(/rel="modulepreload" href="\.\/([^"]+)"/g),
    ].map((m) => m[1]!);
    for (const f of ['app.js', ...startFiles])
      assert.ok(!text(f).includes('Preview the packet'), `${f} holds no evidence builder`);
    assert.ok(
      dynamic.some((c) => text(c).includes('Preview the packet')),
      'a chunk imported dynamically holds the evidence builder',
    );
    // The window's start builds no channel's schemas: the data layer gets the contract's table of
    // kinds and tags (a channel's summary, written only in the contract, is not in the window).
    for (const f of ['app.js', ...startFiles]) {
      assert.ok(!text(f).includes('Everything about one chargeback, explained.'), `${f} holds no contract`);
    }
    const d = ipcContract.getDispute;
    const row = `getDispute:{kind:"${d.kind}",tags:${JSON.stringify(d.tags)},invalidates:${JSON.stringify(d.invalidates)}}`;
    assert.ok(
      js.some((f) => text(f).includes(row)),
      `the table says of getDispute what the contract says: ${row}`,
    );
    // Every stylesheet is in app.css, the one index.html links: a chunk's own CSS would be loaded
    // by nothing, and its screen drawn unstyled.
    assert.deepEqual(
      built.filter((f) => f.endsWith('.css') && f !== 'app.css'),
      [],
    );
    // Few files at start: the later screens are one chunk, so the code they share with the inbox is
    // one chunk too (a dozen small ones queued behind each other, six at a time over HTTP/1.1).
    // start.js, the window's first script, sends the first call before app.js has loaded: it and
    // what it imports are small, and hold neither React nor zod.
    const startJs = text('start.js');
    const startChunks = [...startJs.matchAll(/import(?:[^"]*from)?"\.\/(chunks\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const firstScript = [startJs, ...startChunks.map(text)].join('\n');
    assert.ok(firstScript.length < 20_000, `start.js and its chunks: ${firstScript.length} characters`);
    assert.ok(!firstScript.includes('react.transitional.element'), 'no React in the first script');
    assert.ok(!firstScript.includes('Invalid input: expected'), 'no zod in the first script');
    // Nor does anything the first rows wait for: zod and the schemas built with it cost a new
    // window's first rows about 90 ms (measured beside a build without them), and the window reads
    // them only on later screens (and for a start-up notice), fetched when used.
    for (const f of ['app.js', ...startFiles])
      assert.ok(!text(f).includes('Invalid input: expected'), `${f}, loaded before the first rows, holds no zod`);
    const appOnly = startFiles.filter((f) => !startChunks.includes(f));
    assert.ok(appOnly.length <= 2, `the start fetches ${appOnly.join(', ')} beside app.js and start.js's`);
    // Every chunk app.js or start.js imports statically is named for preloading, so none is fetched
    // after they ran.
    for (const c of startChunks) assert.ok(startFiles.includes(c), `${c} is preloaded`);
    const statics = [...app.matchAll(/(?:^|;)import(?:[^"]*from)?"\.\/(chunks\/[^"]+\.js)"/g)].map((m) => m[1]!);
    assert.ok(statics.length > 0, 'app.js imports chunks statically');
    for (const c of statics)
      assert.ok(startFiles.includes(c), `${c} is preloaded (preloaded: ${startFiles.join(', ')})`);
    assert.ok(built.includes('pdf.worker.js') && built.includes('index.html') && built.includes('app.css'));

    for (const f of built) {
      const r = resolveAppRequest(`app://dispute-desk/${f}`, out);
      assert.ok(r.ok, `${f} is served`);
      assert.equal(r.headers['content-security-policy'], contentSecurityPolicy);
      if (f.endsWith('.js')) assert.match(r.headers['content-type']!, /^text\/javascript/, f);
    }
    assert.match(contentSecurityPolicy, /script-src 'self'(;|$)/);

    // zod speaks English in the window, and only English: the other languages' messages are left out.
    const all = js.map(text).join('\n');
    assert.ok(all.includes('Invalid input: expected'), "zod's English messages");
    assert.ok(!all.includes('Eingabe: erwartet'), "zod's German messages are not in the renderer");
  },
);
