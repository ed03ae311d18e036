// heic-decode ships no types: the calls the app makes. `all` reads the container and gives each
// picture's size before any of them is decoded; `dispose` frees the decoder's memory.
declare module 'heic-decode' {
  interface HeicPixels {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface HeicPicture {
    width: number;
    height: number;
    decode(): Promise<HeicPixels>;
  }
  const decode: ((o: { buffer: Buffer | Uint8Array }) => Promise<HeicPixels>) & {
    all(o: { buffer: Buffer | Uint8Array }): Promise<HeicPicture[] & { dispose(): void }>;
  };
  export default decode;
}
