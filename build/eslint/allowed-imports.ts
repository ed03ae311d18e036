// The lint rule that holds a folder to what it may import (configured per folder in
// eslint.config.js). A deny-list of Node's builtins and a few relative patterns let anything
// unforeseen through (`sharp`, `undici`, `../../electron/...` spelled another way), so each
// folder names what it may import instead, and every way of reaching a module is judged:
// `import`, `import type`, `export ... from`, `import()`, `require()`, TypeScript's
// `import('x').T` and `import x = require('x')`, and `new URL('./file', import.meta.url)`,
// which is how a worker file is named.
//
// An entry of `allow` or `deny` is a package (it covers the package's subpaths too: `react`
// covers `react/jsx-runtime` but not `react-dom`), a folder of the repository ending in `/`, one
// file of electron/, shared/ or renderer/ (`electron/main.ts`), or `*` for anything. A relative
// specifier is resolved against the importing file and judged by where it lands, however it is
// spelled. `deny` is asked first.
import type { Rule } from 'eslint';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface AllowedImports {
  /** Why the folder is held to its list; it opens every message. */
  why: string;
  allow: string[];
  deny?: string[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A module named by a string the rule can read, or `null` where it is computed at run time. */
type Target = { kind: 'package'; name: string } | { kind: 'file'; path: string } | null;

function isPathLike(spec: string): boolean {
  return spec === '.' || spec === '..' || /^(\.{1,2}\/|\/|file:)/.test(spec);
}

/** Where a specifier of a file lands: a package, or a path relative to the repository. */
function targetOf(spec: string, file: string): Target {
  if (!isPathLike(spec)) return { kind: 'package', name: spec };
  const abs = spec.startsWith('file:') ? fileURLToPath(spec) : resolve(dirname(file), spec);
  return { kind: 'file', path: relative(root, abs).split(sep).join('/') };
}

/** An entry that names one file of the repository (`electron/main.ts`), not a package. */
const isRepositoryFile = (entry: string): boolean => /^(electron|shared|renderer)\/.*\.(ts|tsx|mjs)$/.test(entry);

function matches(entry: string, target: NonNullable<Target>): boolean {
  if (entry === '*') return true;
  if (entry.endsWith('/')) return target.kind === 'file' && `${target.path}/`.startsWith(entry);
  if (isRepositoryFile(entry)) return target.kind === 'file' && target.path === entry;
  return target.kind === 'package' && (target.name === entry || target.name.startsWith(`${entry}/`));
}

/** "a, b and c" */
function listed(entries: string[]): string {
  return entries.length < 2 ? entries.join('') : `${entries.slice(0, -1).join(', ')} and ${entries.at(-1)}`;
}

interface Spelled {
  type?: string;
  value?: unknown;
  literal?: unknown;
  expressions?: unknown[];
  quasis?: Array<{ value: { cooked: string | null } }>;
}

/** The text of a string the source spells out: a literal, a template without `${}`, or a
 * TypeScript literal type (in `import('x').T`). */
function textOf(node: unknown): string | null {
  const n = node as Spelled | null | undefined;
  if (!n) return null;
  if (n.type === 'Literal') return typeof n.value === 'string' ? n.value : null;
  if (n.type === 'TemplateLiteral' && n.expressions?.length === 0) return n.quasis?.[0]?.value.cooked ?? null;
  if (n.type === 'TSLiteralType') return textOf(n.literal);
  return null;
}

function isImportMetaUrl(node: unknown): boolean {
  type Member = { type?: string; object?: { type?: string; meta?: { name?: string } }; property?: { name?: string } };
  const n = node as Member | undefined;
  const meta = n?.type === 'MemberExpression' && n.object?.type === 'MetaProperty' && n.object.meta?.name === 'import';
  return meta && n.property?.name === 'url';
}

const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "Holds a folder's files to the packages and folders it may import" },
    schema: [
      {
        type: 'object',
        properties: {
          why: { type: 'string' },
          allow: { type: 'array', items: { type: 'string' } },
          deny: { type: 'array', items: { type: 'string' } },
        },
        required: ['why', 'allow'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { why, allow, deny = [] } = context.options[0] as AllowedImports;
    const anything = allow.includes('*');
    const says = anything ? `it may import anything but ${listed(deny)}` : `it may import ${listed(allow)} only`;

    function check(node: Rule.Node, spec: string | null, target: Target): void {
      if (target === null) {
        // A computed specifier could name anything, so a folder held to a list may not use one; a
        // folder that may import anything but a few may (electron/evidence names its worker-side
        // packages this way), and its deny-list is then not asked.
        if (anything) return;
        context.report({ node, message: `${why}: ${says}, and a computed specifier cannot be checked` });
        return;
      }
      if (!deny.some((d) => matches(d, target)) && allow.some((a) => matches(a, target))) return;
      const where = target.kind === 'file' && target.path !== spec ? `, which is ${target.path}` : '';
      context.report({ node, message: `${why}: ${says} (found '${spec}'${where})` });
    }

    function checkSpecifier(node: Rule.Node, source: unknown): void {
      const spec = textOf(source);
      check(node, spec, spec === null ? null : targetOf(spec, context.filename));
    }

    return {
      ImportDeclaration: (node) => checkSpecifier(node, node.source),
      ExportNamedDeclaration(node) {
        if (node.source) checkSpecifier(node, node.source);
      },
      ExportAllDeclaration: (node) => checkSpecifier(node, node.source),
      ImportExpression: (node) => checkSpecifier(node, node.source),
      CallExpression(node) {
        const isRequire = node.callee.type === 'Identifier' && node.callee.name === 'require';
        if (isRequire) checkSpecifier(node, node.arguments[0]);
      },
      NewExpression(node) {
        // A worker or other file named relative to the module: a URL, so `x.js` means `./x.js`.
        const isUrl = node.callee.type === 'Identifier' && node.callee.name === 'URL';
        if (!isUrl || !isImportMetaUrl(node.arguments[1])) return;
        const spec = textOf(node.arguments[0]);
        if (spec === null) return check(node, null, null);
        const url = new URL(spec, pathToFileURL(context.filename));
        if (url.protocol === 'file:') check(node, spec, targetOf(url.href, context.filename));
      },
      // TypeScript's own forms, which ESLint's types do not list.
      TSImportType: (node: Rule.Node) => {
        const n = node as unknown as { source?: unknown; argument?: unknown };
        checkSpecifier(node, n.source ?? n.argument);
      },
      TSExternalModuleReference: (node: Rule.Node) => {
        checkSpecifier(node, (node as unknown as { expression: unknown }).expression);
      },
    };
  },
};

export default rule;
