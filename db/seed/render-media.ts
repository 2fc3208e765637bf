/**
 * `npm run seed:render-media`: renders the demo's six films in 3D with Blender (Cycles on the CPU,
 * scenes built by db/seed/blender/scenes.py; nothing downloaded), removes the render grain with
 * ffmpeg's hqdn3d (Debian's Blender has no OpenImageDenoise), encodes each as H.264 (at most 4 MB)
 * and renders its poster and stills again from the same scene at more samples, their grain taken by
 * non-local means. The outputs are committed in
 * db/seed/media; `npm test` never renders. Then run `npm run seed:variants` for the pictures'
 * AVIF/WebP copies.
 *
 * Resumable frame by frame: frames are kept in .cache/render/<scene>/ and a frame on disk is not
 * rendered again, so an interrupted run goes on where it stopped. About 55 minutes on 2 cores.
 * Name films to render only those: `npm run seed:render-media -- logo character`; `avatars` renders
 * the demo creators' avatars (their initials in 3D, 512 × 512, a few seconds each).
 *
 *   sudo apt-get install -y --no-install-recommends blender ffmpeg
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { SEED_FILMS, type SeedFilm } from "./catalogue";
import { SEED_AVATARS } from "./demo-creators";

const root = join(import.meta.dirname, "..", "..");
const mediaDir = join(import.meta.dirname, "media");
const framesRoot = join(root, ".cache", "render");
const scenes = join(import.meta.dirname, "blender", "scenes.py");
const FPS = 24;
const FRAMES = 6 * FPS;
/** Samples a pixel: what 2 cores render in the hour (with the worlds and glows left out of light sampling), the grain then removed by hqdn3d. */
const SAMPLES = 9;
const MAX_FILM_BYTES = 4 * 1024 * 1024;
/** Spatial and temporal grain removal (strong, as 9 samples a pixel are grainy; the camera moves slowly, and the noise differs frame to frame), then non-local means for what is left on flat surfaces (about 25 s a film). */
const DENOISE = "hqdn3d=7:5:9:9,nlmeans=s=4:p=5:r=9";
/** A still's grain, left by its own render's samples: non-local means (about half a second a picture). */
const STILL_DENOISE = "nlmeans=s=3:p=5:r=9";

function need(command: string, args: string[]) {
  try {
    execFileSync(command, args, { stdio: "ignore" });
  } catch {
    throw new Error(`${command} is missing: sudo apt-get install -y --no-install-recommends blender ffmpeg`);
  }
}

function framesOf(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => /^\d{4}\.png$/.test(f) && statSync(join(dir, f)).size > 0) : [];
}

/** Renders the frames of a film that are not on disk yet; reports each frame as it lands. */
async function render(film: SeedFilm): Promise<void> {
  const dir = join(framesRoot, film.scene);
  mkdirSync(dir, { recursive: true });
  // Blender marks a frame it starts with an empty file: one left by an interrupted run is rendered again.
  for (const file of readdirSync(dir)) if (statSync(join(dir, file)).size === 0) unlinkSync(join(dir, file));
  if (framesOf(dir).length >= FRAMES) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn("blender", ["-b", "--factory-startup", "-P", scenes, "--", film.scene, dir, String(SAMPLES)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("Saved:")) process.stdout.write(`\r${film.scene}: ${framesOf(dir).length}/${FRAMES} frames`);
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`blender exited with ${code} rendering ${film.scene}`))));
  });
  process.stdout.write("\n");
  const count = framesOf(dir).length;
  if (count < FRAMES) throw new Error(`${film.scene}: ${count} of ${FRAMES} frames rendered`);
}

function ffmpeg(args: string[]) {
  execFileSync("ffmpeg", ["-y", "-loglevel", "error", ...args], { stdio: "inherit" });
}

/** The film, denoised and encoded; the quality lowered step by step until it fits in 4 MB. */
function encode(film: SeedFilm) {
  const input = ["-framerate", String(FPS), "-i", join(framesRoot, film.scene, "%04d.png")];
  const out = join(mediaDir, film.file);
  for (const crf of [22, 24, 26, 28, 30]) {
    ffmpeg([...input, "-vf", DENOISE, "-c:v", "libx264", "-preset", "slow", "-crf", String(crf), "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-an", out]);
    if (statSync(out).size <= MAX_FILM_BYTES) return;
  }
  throw new Error(`${film.file} is over 4 MB at every quality tried`);
}

/** Samples a pixel for a poster or still: looked at for longer than a frame, so rendered again with more than three times a frame's (with the sky and glows out of light sampling, as clean as 64 were before). */
const STILL_SAMPLES = 32;

/**
 * The poster and stills: each chosen frame rendered again on its own at STILL_SAMPLES (kept in
 * .cache/render/<scene>-stills/, resumable like the films), its grain then taken by non-local means, as JPEG.
 */
async function stills(film: SeedFilm) {
  const dir = join(framesRoot, `${film.scene}-stills`);
  mkdirSync(dir, { recursive: true });
  for (const pick of [film.poster, ...film.stills]) {
    const frame = join(dir, `${String(pick.frame).padStart(4, "0")}.png`);
    if (!existsSync(frame) || statSync(frame).size === 0)
      execFileSync("blender", ["-b", "--factory-startup", "-P", scenes, "--", film.scene, `${dir}/`, String(STILL_SAMPLES), `${pick.frame}-${pick.frame}`], {
        stdio: "ignore",
      });
    const clean = join(dir, `clean-${pick.frame}.png`);
    ffmpeg(["-i", frame, "-vf", STILL_DENOISE, clean]);
    await sharp(clean).jpeg({ quality: 82, mozjpeg: true }).toFile(join(mediaDir, pick.file));
  }
}

/** Samples a pixel for an avatar: a single still, so more than a film's frame; non-local means takes the rest of the grain. */
const AVATAR_SAMPLES = 32;

/** Each creator's avatar not rendered yet (kept in .cache/render/avatars/), denoised and saved as JPEG. */
async function avatars() {
  const dir = join(framesRoot, "avatars");
  mkdirSync(dir, { recursive: true });
  for (const avatar of SEED_AVATARS) {
    const png = join(dir, avatar.file.replace(/\.jpg$/, ".png"));
    if (!existsSync(png) || statSync(png).size === 0)
      execFileSync("blender", ["-b", "--factory-startup", "-P", scenes, "--", "avatar", png, String(AVATAR_SAMPLES), avatar.initials, ...avatar.colors], {
        stdio: "ignore",
      });
    const clean = join(dir, `clean-${avatar.file.replace(/\.jpg$/, ".png")}`);
    ffmpeg(["-i", png, "-vf", STILL_DENOISE, clean]);
    await sharp(clean).jpeg({ quality: 84, mozjpeg: true }).toFile(join(mediaDir, avatar.file));
    console.info(`${avatar.file}: ${Math.round(statSync(join(mediaDir, avatar.file)).size / 1024)} KB`);
  }
}

need("blender", ["--version"]);
need("ffmpeg", ["-version"]);
// `npm run seed:render-media -- logo character` renders those films alone (scene names as in SEED_FILMS);
// `stills` renders the films' posters and stills only, `avatars` the creators' avatars only.
const args = process.argv.slice(2);
const only = args.filter((arg) => arg !== "avatars" && arg !== "stills");
const unknown = only.filter((scene) => !SEED_FILMS.some((film) => film.scene === scene));
if (unknown.length) throw new Error(`No such film: ${unknown.join(", ")} (films: ${SEED_FILMS.map((f) => f.scene).join(", ")}, or avatars, stills)`);
const stillsOnly = args.includes("stills");
const avatarsOnly = args.includes("avatars") && !stillsOnly && only.length === 0;
const started = Date.now();
const chosen = avatarsOnly ? [] : SEED_FILMS.filter((f) => only.length === 0 || only.includes(f.scene));
for (const film of chosen) {
  const t = Date.now();
  if (!stillsOnly) {
    await render(film);
    encode(film);
  }
  await stills(film);
  console.info(
    `${film.scene}: ${stillsOnly ? "" : `${film.file} (${Math.round(statSync(join(mediaDir, film.file)).size / 1024)} KB), `}${film.stills.length} stills and a poster in ${Math.round((Date.now() - t) / 1000)} s`,
  );
}
if (args.length === 0 || args.includes("avatars")) await avatars();
console.info(`Rendered in ${Math.round((Date.now() - started) / 60_000)} minutes. Now run npm run seed:variants.`);
