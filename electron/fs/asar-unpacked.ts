// A packaged app keeps what cannot be used from inside its archive (electron-builder.yml's
// asarUnpack: native modules, WebAssembly read from files, data read whole) beside it, in
// app.asar.unpacked: a path into the archive is turned into the same path there.
export const unpacked = (p: string): string => p.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
