/**
 * `npm run seed:variants`: makes the AVIF/WebP variants of the seed images through the Images
 * binding (wrangler's platform proxy; Miniflare runs it with sharp) and writes them to
 * db/seed/media/variants, where the seed uploads them from. Run it after changing a seed image;
 * making them on every fresh seed would cost a minute or two of a small machine's time (ADR 016).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { VARIANT_FORMATS, VARIANT_WIDTHS } from "../../app/lib/media-variants";
import { transformImage } from "../../app/domain/media/media.server";
import { seedImageFiles, seedVariantFile } from "./seed";

const mediaDir = join(import.meta.dirname, "media");
const outDir = join(mediaDir, "variants");
const { env, dispose } = await getPlatformProxy<Env>({ persist: false });
try {
  await mkdir(outDir, { recursive: true });
  let bytes = 0;
  for (const file of seedImageFiles()) {
    const original = await readFile(join(mediaDir, file));
    const source = original.buffer.slice(original.byteOffset, original.byteOffset + original.byteLength);
    for (const width of VARIANT_WIDTHS) {
      for (const format of VARIANT_FORMATS) {
        const variant = await transformImage(env.IMAGES, source, width, format);
        await writeFile(join(outDir, seedVariantFile(file, width, format.ext)), new Uint8Array(variant));
        bytes += variant.byteLength;
      }
    }
  }
  console.info(`Wrote the variants of ${seedImageFiles().length} seed images (${Math.round(bytes / 1024)} KB) to ${outDir}.`);
} finally {
  await dispose();
}
