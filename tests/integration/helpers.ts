import { SELF } from "cloudflare:test";

/**
 * Stand-in bytes for a seed media file: the right magic bytes for its type, then a deterministic
 * body, so that range requests can be checked byte for byte.
 */
export function fakeMedia(file: string, size = 4096): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  const magic = file.endsWith(".mp4") ? [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70] : [0xff, 0xd8, 0xff, 0xe0];
  bytes.set(magic, 0);
  return bytes;
}

export function get(path: string, init?: RequestInit) {
  return SELF.fetch(`http://localhost${path}`, { redirect: "manual", ...init });
}

export async function getJson<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }> {
  const response = await get(path);
  return { status: response.status, body: (await response.json()) as T };
}
