// The `app://dispute-desk/` protocol serves the built renderer, and only it: paths are resolved
// inside the renderer folder, traversal is refused, every answer carries the CSP.
import { extname, join, normalize, sep } from 'node:path';
import { appHost, contentSecurityPolicy } from './security.ts';

const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

export type ProtocolAnswer =
  { ok: true; path: string; headers: Record<string, string> } | { ok: false; status: 403 | 404; reason: string };

export function resolveAppRequest(url: string, rendererDir: string): ProtocolAnswer {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, status: 404, reason: 'not a URL' };
  }
  if (u.host !== appHost) return { ok: false, status: 404, reason: 'unknown host' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(u.pathname);
  } catch {
    return { ok: false, status: 404, reason: 'bad encoding' };
  }
  if (pathname.includes('\0')) return { ok: false, status: 403, reason: 'bad path' };
  const relative = normalize(pathname === '/' ? '/index.html' : pathname).replace(/^([/\\])+/, '');
  const path = join(rendererDir, relative);
  if (
    relative.startsWith('..') ||
    !(path === rendererDir || path.startsWith(rendererDir.endsWith(sep) ? rendererDir : rendererDir + sep))
  )
    return { ok: false, status: 403, reason: 'outside the app' };
  const type = mime[extname(path).toLowerCase()];
  if (!type) return { ok: false, status: 404, reason: 'not an app file' };
  return {
    ok: true,
    path,
    headers: {
      'content-type': type,
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
    },
  };
}
