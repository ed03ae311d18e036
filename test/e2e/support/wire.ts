// The page binding carries JSON: bytes travel as base64, everything else as is.
export function toWire(value: unknown): string {
  // The holder's own value, not `v`: JSON.stringify runs Buffer#toJSON before the replacer.
  return JSON.stringify(value, function (this: Record<string, unknown>, k: string, v: unknown) {
    const raw = k === '' ? v : this[k];
    if (raw instanceof Uint8Array) {
      let s = '';
      for (const b of raw) s += String.fromCharCode(b);
      return { $bytes: btoa(s) };
    }
    return v;
  });
}

export function fromWire(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v && typeof v === 'object' && typeof (v as { $bytes?: unknown }).$bytes === 'string') {
      const s = atob((v as { $bytes: string }).$bytes);
      return Uint8Array.from(s, (c) => c.charCodeAt(0));
    }
    return v;
  });
}
