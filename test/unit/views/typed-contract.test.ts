// Every answer and event that crosses IPC is typed all the way down: a `z.unknown()`, `z.any()`,
// `z.record(…, z.unknown())` or loose object anywhere in an output schema would let untyped
// records reach a screen, which then coerces them. This walks the whole contract and fails on any.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';

type Schema = z.core.$ZodType;

/** Kinds that hold no schema inside and carry a type of their own. */
const typedLeaves = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'date',
  'literal',
  'enum',
  'null',
  'undefined',
  'never',
  'nan',
  'template_literal',
  'custom',
  'transform',
  'success',
  'file',
  'void',
]);

/** The schemas directly inside one, each with the step of the path that leads to it. */
function inside(s: Schema): Array<[string, Schema]> | undefined {
  if (s instanceof z.core.$ZodObject) {
    const fields = Object.entries(s._zod.def.shape).map(([k, v]): [string, Schema] => [`.${k}`, v]);
    const rest = s._zod.def.catchall;
    return rest ? [...fields, ['.<any other key>', rest]] : fields;
  }
  if (s instanceof z.core.$ZodArray) return [['[]', s._zod.def.element]];
  if (s instanceof z.core.$ZodRecord)
    return [
      ['<key>', s._zod.def.keyType],
      ['<value>', s._zod.def.valueType],
    ];
  if (s instanceof z.core.$ZodUnion) return s._zod.def.options.map((o, i): [string, Schema] => [`|${i}`, o]);
  if (s instanceof z.core.$ZodIntersection)
    return [
      ['&', s._zod.def.left],
      ['&', s._zod.def.right],
    ];
  if (s instanceof z.core.$ZodTuple) {
    const items = s._zod.def.items.map((o, i): [string, Schema] => [`[${i}]`, o]);
    return s._zod.def.rest ? [...items, ['[…]', s._zod.def.rest]] : items;
  }
  if (s instanceof z.core.$ZodPipe)
    return [
      ['>in', s._zod.def.in],
      ['>out', s._zod.def.out],
    ];
  if (s instanceof z.core.$ZodLazy) return [['~', s._zod.def.getter()]];
  if (
    s instanceof z.core.$ZodOptional ||
    s instanceof z.core.$ZodNullable ||
    s instanceof z.core.$ZodDefault ||
    s instanceof z.core.$ZodPrefault ||
    s instanceof z.core.$ZodCatch ||
    s instanceof z.core.$ZodReadonly ||
    s instanceof z.core.$ZodNonOptional
  )
    return [['', s._zod.def.innerType]];
  return undefined;
}

/** Paths to every untyped place in a schema (and to kinds this walk cannot see into). */
function untypedPlaces(s: Schema, path: string, open: readonly Schema[] = []): string[] {
  if (open.includes(s)) return []; // a recursive schema: its body is being walked already
  const kind = s._zod.def.type;
  if (kind === 'unknown' || kind === 'any') return [`${path}: ${kind}`];
  const kids = inside(s);
  if (!kids) return typedLeaves.has(kind) ? [] : [`${path}: a ${kind} schema this test cannot look into`];
  return kids.flatMap(([step, kid]) => untypedPlaces(kid, path + step, [...open, s]));
}

test('every IPC answer and event is typed all the way down', () => {
  const places = [
    ...Object.entries(ipcContract).flatMap(([name, c]) => untypedPlaces(c.output, name)),
    ...Object.entries(ipcEvents).flatMap(([name, schema]) => untypedPlaces(schema, `event ${name}`)),
  ];
  assert.deepEqual(places, []);
});

test('the walk finds untyped places wherever they hide', () => {
  const node: z.ZodType = z.lazy(() => z.object({ next: node.optional(), extra: z.any() }));
  const places = (s: Schema): string[] => untypedPlaces(s, 'v');
  assert.deepEqual(places(z.object({ cb: z.record(z.string(), z.unknown()) })), ['v.cb<value>: unknown']);
  assert.deepEqual(places(z.looseObject({ id: z.string() })), ['v.<any other key>: unknown']);
  assert.deepEqual(places(z.array(z.union([z.int(), z.object({ a: z.unknown().nullable() })]))), ['v[]|1.a: unknown']);
  assert.deepEqual(
    places(
      z
        .string()
        .transform((x) => x.length)
        .pipe(z.any()),
    ),
    ['v>out: any'],
  );
  assert.deepEqual(places(node), ['v~.extra: any']);
  assert.deepEqual(places(z.map(z.string(), z.string())), ['v: a map schema this test cannot look into']);
  assert.deepEqual(places(z.strictObject({ a: z.enum(['x']), b: z.literal(1), c: z.number().int().nullable() })), []);
});
