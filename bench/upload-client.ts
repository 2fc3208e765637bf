/**
 * The uploads bench's first client (bench/uploads.ts): sends every part of an open upload, three at
 * a time, until it is killed.
 */
import { partBytes } from "./upload-source";

const [origin, token, id, partSizeText, countText, sizeText] = process.argv.slice(2);
const partSize = Number(partSizeText);
const count = Number(countText);
const size = Number(sizeText);
const queue = Array.from({ length: count }, (_, i) => i + 1);

await Promise.all(
  Array.from({ length: 3 }, async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const bytes = partBytes(n, partSize, size, count);
      const response = await fetch(`${origin}/api/v1/uploads/${id}/parts/${n}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Length": String(bytes.byteLength) },
        body: bytes,
      });
      if (response.status !== 200) throw new Error(`part ${n}: ${response.status}`);
    }
  }),
);
