// heic-decode ships no types: the one call the app makes.
declare module 'heic-decode' {
  const decode: (o: { buffer: Buffer | Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  export default decode;
}
