// The CLI's stdout holds only the command's output (under --json, its one JSON document). The
// libraries it runs print too: libheif's glue and pdf.js call console.log, in this thread or in a
// worker thread (whose output Node pipes into whatever process.stdout is when the worker starts).
// So before any command runs, process.stdout (and with it console.log and the workers' output)
// is pointed at stderr, and the command writes through the real stream returned here.
// Native code writing to file descriptor 1 itself is not caught; the libraries the CLI loads
// (sharp/libvips, @napi-rs/canvas, keytar, node:sqlite) write their warnings to stderr.

let reserved: NodeJS.WriteStream | undefined;

/** Takes stdout for the command: returns the stream to fd 1, and sends everything else that
 * writes through process.stdout or the global console to stderr. Idempotent. */
export function reserveStdout(): NodeJS.WriteStream {
  if (reserved) return reserved;
  reserved = process.stdout;
  const stderr = process.stderr;
  Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, get: () => stderr });
  // The global console binds process.stdout on first use; if something logged before this
  // call, point its bound stream at stderr too.
  const bound = console as unknown as { _stdout?: unknown };
  if ('_stdout' in bound) bound._stdout = stderr;
  return reserved;
}
