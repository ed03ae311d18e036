// Finds import cycles among the repository's own files: a loop of files that import each other,
// type-only imports included (a type-only loop still means neither file can be read, moved or
// tested without the other). Run by test/unit/build/import-cycles.test.ts, so `npm test` fails
// naming the files of any cycle; `node build/import-cycles.ts` prints them on its own.
// Every way of naming a module counts: `import`, `import type`, `export ... from`, `import()`,
// `require()`, TypeScript's `import('x').T` and `new URL('./file', import.meta.url)`. Only
// relative specifiers that land on a file of the walked folders are edges; packages are not.
import ts from 'typescript';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** file (relative to the walked root, `/`-separated) -> the files it imports. */
export type ImportGraph = Map<string, Set<string>>;

const sourceExtensions = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (sourceExtensions.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every module specifier a file spells out, whatever the form. */
function specifiersOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const literal = (n: ts.Node | undefined): void => {
    if (n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n))) found.push(n.text);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) literal(n.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) {
      literal(n.moduleReference.expression);
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument)) literal(n.argument.literal);
    else if (ts.isCallExpression(n)) {
      const isImport = n.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(n.expression) && n.expression.text === 'require';
      if (isImport || isRequire) literal(n.arguments[0]);
    } else if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'URL') {
      const base = n.arguments?.[1];
      if (base && ts.isPropertyAccessExpression(base) && ts.isMetaProperty(base.expression)) {
        const first = n.arguments?.[0];
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          found.push(first.text.startsWith('.') ? first.text : `./${first.text}`);
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier lands on, if it is one of `known`. */
function landing(spec: string, from: string, known: Set<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const abs = resolve(dirname(from), spec);
  for (const candidate of [abs, ...sourceExtensions.map((e) => abs + e), join(abs, 'index.ts')]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** The import graph of every source file under `folders` (paths relative to `root`). */
export function importGraph(root: string, folders: string[]): ImportGraph {
  const files = folders.flatMap((f) => (existsSync(join(root, f)) ? sourceFiles(join(root, f)) : []));
  const known = new Set(files);
  const name = (p: string): string => relative(root, p).split(sep).join('/');
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of specifiersOf(file)) {
      const target = landing(spec, file, known);
      if (target !== null && target !== file) targets.add(name(target));
    }
    graph.set(name(file), targets);
  }
  return graph;
}

/** A group of files that import each other, and one loop through them (`loop` starts and ends
 * on the same file). */
export interface Cycle {
  files: string[];
  loop: string[];
}

/** Every group of files that import each other (Tarjan's strongly connected components), each
 * with a shortest loop from its first file, in a stable order. */
export function findCycles(graph: ImportGraph): Cycle[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);

  return groups
    .map((group) => ({ files: group.sort(), loop: loopThrough(graph, new Set(group)) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** How a cycle reads in a failure: the loop, then every file of the group. */
export function describeCycle(cycle: Cycle): string {
  return `import cycle ${cycle.loop.join(' -> ')} (files that import each other: ${cycle.files.join(', ')})`;
}

/** A shortest loop from the group's first file (by name) back to itself, inside the group. */
function loopThrough(graph: ImportGraph, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** The folders whose imports must form no loop. */
export const checkedFolders = ['electron', 'shared', 'renderer'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const cycles = findCycles(importGraph(root, checkedFolders));
  for (const c of cycles) process.stdout.write(`${describeCycle(c)}\n`);
  process.stdout.write(`${cycles.length} import cycle(s) in ${checkedFolders.join(', ')}\n`);
  process.exit(cycles.length === 0 ? 0 : 1);
}
