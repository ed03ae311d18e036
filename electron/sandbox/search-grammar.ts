// Reads the `search` header as the real service takes it from the vendor's clients: clauses
// `field[op]=value` joined by `&` (an AND), grouped by `and[i][...]` and `or[i][...]` to any depth
// (`and[0][or][1][status][equals]=open`), a field of a linked record in brackets after the link
// (`chargeback[status][equals]=open`) or with dots (`chargeback.status[equals]=open`). Values stay
// as sent (never URL-decoded: an encoded `:` matches nothing). Anything else is a refusal.

export const sandboxSearchOps = [
  'equals',
  'exact',
  'greater',
  'less',
  'like',
  'in',
  'sort',
  'diff',
  'notlike',
  'notin',
] as const;
export type SandboxSearchOp = (typeof sandboxSearchOps)[number];

export interface SearchAtom {
  /** The field, with the links before it: `['chargeback', 'status']`. */
  path: string[];
  op: SandboxSearchOp;
  value: string;
}

/** Clauses and groups combined as AND; each group combines its numbered members by its own word. */
export interface SearchNode {
  atoms: SearchAtom[];
  groups: Array<{ combine: 'and' | 'or'; members: Map<string, SearchNode> }>;
}

export type ParsedSearchTree = { ok: true; tree: SearchNode } | { ok: false; message: string };

const name = /^[A-Za-z][A-Za-z0-9_]*$/;
const emptyNode = (): SearchNode => ({ atoms: [], groups: [] });

function groupOf(node: SearchNode, combine: 'and' | 'or'): Map<string, SearchNode> {
  let g = node.groups.find((x) => x.combine === combine);
  if (!g) node.groups.push((g = { combine, members: new Map() }));
  return g.members;
}

/** `a[b][c]` (or `a.b[c]`) as its segments, or undefined when the brackets do not close. */
function segmentsOf(key: string): string[] | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return undefined;
  const inner = [...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!);
  return [...m[1]!.split('.'), ...inner];
}

export function parseSearchTree(header: string | undefined): ParsedSearchTree {
  const tree = emptyNode();
  if (header === undefined || header.trim() === '') return { ok: true, tree };
  for (const raw of header.split('&')) {
    const part = raw.trim();
    const eq = part.indexOf('=');
    const segments = eq > 0 ? segmentsOf(part.slice(0, eq)) : undefined;
    if (!segments || segments.length < 2 || /[\r\n]/.test(part))
      return { ok: false, message: `Invalid search clause "${part}"` };
    const op = segments.pop()!;
    if (!(sandboxSearchOps as readonly string[]).includes(op))
      return { ok: false, message: `Invalid search operator "${op}" in "${part}"` };
    let node = tree;
    let i = 0;
    // Group words with their member's number, as deep as they go.
    while ((segments[i] === 'and' || segments[i] === 'or') && /^\d+$/.test(segments[i + 1] ?? '')) {
      const members = groupOf(node, segments[i] as 'and' | 'or');
      const key = segments[i + 1]!;
      let member = members.get(key);
      if (!member) members.set(key, (member = emptyNode()));
      node = member;
      i += 2;
    }
    const path = segments.slice(i);
    if (path.length === 0 || !path.every((s) => name.test(s)))
      return { ok: false, message: `Invalid search field in "${part}"` };
    node.atoms.push({ path, op: op as SandboxSearchOp, value: part.slice(eq + 1) });
  }
  return { ok: true, tree };
}

/** Every clause of the tree, however deep (to check fields and collect sorts). */
export function atomsOf(node: SearchNode): SearchAtom[] {
  return [...node.atoms, ...node.groups.flatMap((g) => [...g.members.values()].flatMap(atomsOf))];
}
