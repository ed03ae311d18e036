// What the CLI writes reaches a terminal, and much of it is text the service chose (a chargeback's
// reason, a refusal's message): an escape sequence in it could rewrite the screen, retitle the
// window or hide a line, and a `\r` overwrite the line before it. So every string the CLI writes,
// to stdout and stderr alike, passes here once (run-cli.ts wraps both streams): escape sequences
// are removed whole, other control characters (all but line feed and tab) and the bidirectional
// overrides that reorder what is shown are dropped. JSON output keeps every value exactly: it is
// written with those characters as \u escapes (jsonForTerminal), so nothing is left to drop.

/** CSI (`ESC [ … final`, or C1 CSI), OSC (`ESC ] … BEL` or `ESC \`), and the other `ESC` sequences
 * (intermediates, then one final character: `ESC c` resets the terminal). */
const escapeSequence =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[ -/]*[0-~]?|\u009b[0-?]*[ -/]*[@-~]/g;
/** C0 controls but tab and line feed, DEL, C1 controls, and the bidirectional embeddings,
 * overrides and isolates. */
const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return text.replace(escapeSequence, '').replace(controlCharacter, '');
}

/** JSON for the terminal: the same document, with the characters JSON.stringify leaves raw (DEL,
 * C1 controls, bidi controls) written as \u escapes, so a script reads every value exactly. */
export function jsonForTerminal(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The stream, with every string written to it made terminal-safe (bytes pass as they are). */
export function terminalSafeStream<S extends NodeJS.WritableStream>(stream: S): S {
  return new Proxy(stream, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'write')
        return (chunk: unknown, ...rest: unknown[]) =>
          (value as (...a: unknown[]) => boolean).call(
            target,
            typeof chunk === 'string' ? terminalSafe(chunk) : chunk,
            ...rest,
          );
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
