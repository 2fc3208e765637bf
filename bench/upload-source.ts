/** The uploads bench's source file, made part by part: deterministic bytes (xorshift), a QuickTime header first. */
export function partBytes(n: number, partSize: number, size: number, count: number): Uint8Array<ArrayBuffer> {
  const length = n < count ? partSize : size - partSize * (count - 1);
  const bytes = new Uint8Array(length);
  const words = new Uint32Array(bytes.buffer, 0, Math.floor(length / 4));
  let x = (n * 2654435761) >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  if (n === 1) bytes.set([0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20], 0);
  return bytes;
}
