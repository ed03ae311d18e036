// A budget on what pdf-lib unpacks. pdf-lib decodes whole streams in places no caller can reach
// (object and cross-reference streams while a file loads, a page's content when it is embedded),
// and a 1 MB file can hold content that inflates to gigabytes. Every one of its decoders grows
// its output through one method, DecodeStream.ensureBuffer; that method is wrapped here, once per
// thread, so that inside withInflateBudget each stream, each page and each document may unpack
// only so much. Past it the decoding stops with a reason, before the memory is taken.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PDFContext, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { DecodeError } from './decode-error.ts';

const MB = 1024 * 1024;

/** Real pages, even dense vector drawings, unpack to a few megabytes. */
export const inflateLimits = { streamBytes: 64 * MB, pageBytes: 128 * MB, documentBytes: 512 * MB };

/** Refused for what it would unpack: never retried or drawn some other way. */
export class InflateRefusal extends DecodeError {}

export class InflateBudget {
  used = 0;
  readonly limit: number;
  readonly scope: 'page' | 'document';
  readonly parent: InflateBudget | undefined;
  constructor(scope: 'page' | 'document', parent?: InflateBudget) {
    this.scope = scope;
    this.parent = parent;
    this.limit = scope === 'page' ? inflateLimits.pageBytes : inflateLimits.documentBytes;
  }

  /** The first refusal, kept: pdf-lib catches errors while it parses an object and reports the
   * object as damaged, so the reason is given again when the budgeted work ends. */
  refusal: InflateRefusal | undefined;

  /** Takes `bytes` from this budget and every one it belongs to, or refuses without taking. */
  take(bytes: number): void {
    this.check(bytes);
    this.add(bytes);
  }

  refuse(e: InflateRefusal): never {
    this.refusal ??= e;
    throw e;
  }

  throwIfRefused(): void {
    if (this.refusal) throw this.refusal;
  }

  private check(bytes: number): void {
    if (this.used + bytes > this.limit)
      throw new InflateRefusal(
        this.scope === 'page'
          ? `a page unpacks to more than ${this.limit / MB} MB of drawing instructions and data (a ` +
              'decompression bomb), too much to read safely. Print it to a new PDF and add that'
          : `its pages unpack to more than ${this.limit / MB} MB in all (a decompression bomb), too ` +
              'much to read safely. Print the pages you need to a new PDF and add that',
      );
    this.parent?.check(bytes);
  }

  private add(bytes: number): void {
    this.used += bytes;
    this.parent?.add(bytes);
  }
}

const current = new AsyncLocalStorage<InflateBudget>();

/** Runs `fn` with every pdf-lib decoding inside it (across its awaits) charged to `budget`; a
 * refusal ends it with its reason, even where pdf-lib caught it and said something else. */
export function withInflateBudget<T>(budget: InflateBudget, fn: () => Promise<T>): Promise<T>;
export function withInflateBudget<T>(budget: InflateBudget, fn: () => T): T;
export function withInflateBudget<T>(budget: InflateBudget, fn: () => T): T {
  guardDecoders();
  let out: T;
  try {
    out = current.run(budget, fn);
  } catch (e) {
    budget.throwIfRefused();
    throw e;
  }
  if (!(out instanceof Promise)) {
    budget.throwIfRefused();
    return out;
  }
  return out.then(
    (v: unknown) => {
      budget.throwIfRefused();
      return v;
    },
    (e: unknown) => {
      budget.throwIfRefused();
      throw e;
    },
  ) as T;
}

interface GrowingStream {
  buffer: Uint8Array;
  minBufferLength: number;
  ensureBuffer(requested: number): Uint8Array;
}

let guarded = false;
function guardDecoders(): void {
  if (guarded) return;
  // The decoders' shared base class is not exported: reached through a decoder pdf-lib makes.
  const probe = decodePDFRawStream(
    PDFRawStream.of(PDFContext.create().obj({ Filter: 'ASCIIHexDecode' }), new Uint8Array(0)),
  );
  const base = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as GrowingStream;
  if (typeof base.ensureBuffer !== 'function') throw new Error('pdf-lib changed: DecodeStream.ensureBuffer is gone');
  const grow = base.ensureBuffer;
  base.ensureBuffer = function (this: GrowingStream, requested: number): Uint8Array {
    const budget = current.getStore();
    const had = this.buffer.byteLength;
    if (budget && requested > had) {
      if (requested > inflateLimits.streamBytes)
        budget.refuse(
          new InflateRefusal(
            `one of its streams unpacks to more than ${inflateLimits.streamBytes / MB} MB (a ` +
              'decompression bomb), too much to read safely. Print it to a new PDF and add that',
          ),
        );
      // The buffer doubles: what it will newly hold is charged before it is allocated.
      let size = this.minBufferLength;
      while (size < requested) size *= 2;
      try {
        budget.take(size - had);
      } catch (e) {
        budget.refuse(e as InflateRefusal);
      }
    }
    return grow.call(this, requested);
  };
  guarded = true;
}
