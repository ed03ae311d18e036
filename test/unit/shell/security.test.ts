import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  contentSecurityPolicy,
  secureWebPreferences,
  mayNavigate,
  mayOpenExternally,
  permissionDecision,
} from '../../../electron/platform/security.ts';
import { resolveAppRequest } from '../../../electron/platform/app-protocol.ts';
import { visibleBounds } from '../../../electron/platform/window-state.ts';

test('web preferences follow the security checklist', () => {
  const p = secureWebPreferences('/app/preload.cjs');
  assert.equal(p.contextIsolation, true);
  assert.equal(p.sandbox, true);
  assert.equal(p.nodeIntegration, false);
  assert.equal(p.nodeIntegrationInSubFrames, false);
  assert.equal(p.webSecurity, true);
  assert.equal(p.allowRunningInsecureContent, false);
  assert.equal(p.webviewTag, false);
  assert.equal(p.experimentalFeatures, false);
});

test('the CSP allows only the app itself', () => {
  assert.match(contentSecurityPolicy, /default-src 'none'/);
  assert.match(contentSecurityPolicy, /script-src 'self'(;|$)/);
  assert.doesNotMatch(contentSecurityPolicy, /unsafe-eval|unsafe-inline|https?:|\*/);
});

test('navigation, new windows and permissions are denied; links open only when allow-listed', () => {
  assert.equal(mayNavigate('app://dispute-desk/index.html'), true);
  for (const u of [
    'https://evil.example',
    'file:///etc/passwd',
    'app://other/index.html',
    'javascript:alert(1)',
    'not a url',
  ])
    assert.equal(mayNavigate(u), false, u);
  assert.equal(mayOpenExternally('https://docs.example.com/help', ['example.com']), true);
  for (const u of [
    'http://example.com',
    'https://example.com.evil.net',
    'https://user:pw@example.com',
    'file:///x',
    'https://evil.net',
  ])
    assert.equal(mayOpenExternally(u, ['example.com']), false, u);
  for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
    assert.equal(permissionDecision(p), false);
});

test('the app:// protocol serves only the renderer folder, with the CSP', () => {
  const root = '/opt/app/renderer';
  const ok = resolveAppRequest('app://dispute-desk/index.html', root);
  assert.ok(
    ok.ok &&
      ok.path === '/opt/app/renderer/index.html' &&
      ok.headers['content-security-policy'] === contentSecurityPolicy,
  );
  const home = resolveAppRequest('app://dispute-desk/', root);
  assert.ok(home.ok && home.path.endsWith('index.html'));
  for (const u of [
    'app://dispute-desk/../../etc/passwd',
    'app://dispute-desk/%2e%2e/%2e%2e/etc/passwd',
    'app://dispute-desk/..%2f..%2fsecret.js',
    'app://dispute-desk/a%00.js',
  ]) {
    const r = resolveAppRequest(u, root);
    assert.ok(!r.ok || r.path.startsWith(root + '/'), u);
  }
  assert.equal(resolveAppRequest('app://other/index.html', root).ok, false);
  assert.equal(resolveAppRequest('app://dispute-desk/keys.db', root).ok, false, 'only web files');
});

test('the window comes back on a visible display', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  assert.deepEqual(visibleBounds({ x: 100, y: 100, width: 1200, height: 800 }, screen), {
    x: 100,
    y: 100,
    width: 1200,
    height: 800,
  });
  assert.deepEqual(
    visibleBounds({ x: 3000, y: 100, width: 1200, height: 800 }, screen),
    { width: 1200, height: 800 },
    'monitor unplugged: centred instead',
  );
  assert.deepEqual(visibleBounds(undefined, screen), { width: 1280, height: 820 });
});
