/**
 * Renders the demo catalogue's pictures and films: small 3D scenes (shaded solids on a studio
 * backdrop, a building with a moving camera, a character, a logo reveal), drawn with canvas 2D in
 * headless Chromium and encoded with Debian's ffmpeg (H.264) and sharp (JPEG). Nothing is downloaded:
 * every pixel is drawn here. The outputs are committed in db/seed/media and never rendered by
 * `npm test`; after running this, run `npm run seed:variants` for their AVIF/WebP copies.
 *
 *   sudo apt-get install -y ffmpeg chromium-headless-shell
 *   node scripts/offline.mjs tsx db/seed/render-media.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";

const mediaDir = join(import.meta.dirname, "media");
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** What each file shows: a scene and a palette (the catalogue's services: 3D, explainers, architecture, brand films…). */
const STILLS: [file: string, scene: string, palette: number][] = [
  ["image-01.jpg", "product", 0],
  ["image-02.jpg", "explainer", 1],
  ["image-03.jpg", "logo", 2],
  ["image-04.jpg", "architecture", 3],
  ["image-05.jpg", "motion", 4],
  ["image-06.jpg", "render", 5],
  ["image-07.jpg", "character", 6],
  ["image-08.jpg", "motion", 7],
  ["image-09.jpg", "film", 0],
  ["image-10.jpg", "render", 2],
  ["image-11.jpg", "explainer", 5],
  ["image-12.jpg", "product", 4],
  ["image-13.jpg", "architecture", 6],
  ["image-14.jpg", "explainer", 3],
  ["image-15.jpg", "film", 7],
  ["image-16.jpg", "logo", 1],
  ["thumb-01.jpg", "product", 1],
  ["thumb-02.jpg", "logo", 3],
  ["thumb-03.jpg", "character", 2],
];
const FILMS: [file: string, scene: string, palette: number][] = [
  ["video-01.mp4", "product", 1],
  ["video-02.mp4", "logo", 3],
  ["video-03.mp4", "character", 2],
];
const FPS = 24;
const SECONDS = 4;

/** The drawing code, run in the page: `draw(ctx, scene, palette, t)` with t from 0 to 1. */
const DRAW = String.raw`
const PALETTES = [
  ["#1e1b4b", "#6d28d9", "#f0abfc", "#f8fafc"],
  ["#0c4a6e", "#0ea5e9", "#fde68a", "#f1f5f9"],
  ["#111827", "#d97706", "#fcd34d", "#fafaf9"],
  ["#172554", "#2563eb", "#a7f3d0", "#f8fafc"],
  ["#3b0764", "#db2777", "#fbcfe8", "#fff1f2"],
  ["#0f172a", "#475569", "#e2e8f0", "#f8fafc"],
  ["#14532d", "#16a34a", "#fef08a", "#f0fdf4"],
  ["#450a0a", "#ea580c", "#fed7aa", "#fff7ed"],
];
const hex = (h) => h.startsWith("rgb") ? h.slice(4, -1).split(",").map(Number) : [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const shade = (h, k) => { const [r, g, b] = hex(h); const f = (v) => Math.max(0, Math.min(255, Math.round(v * k))); return "rgb(" + f(r) + "," + f(g) + "," + f(b) + ")"; };
const ease = (t) => t * t * (3 - 2 * t);

function backdrop(ctx, w, h, p) {
  const g = ctx.createRadialGradient(w * 0.5, h * 0.35, 10, w * 0.5, h * 0.5, w * 0.75);
  g.addColorStop(0, p[1]); g.addColorStop(1, p[0]);
  ctx.fillStyle = g; ctx.fillRect(0, 0, w, h);
  const floor = ctx.createLinearGradient(0, h * 0.68, 0, h);
  floor.addColorStop(0, "rgba(255,255,255,0.06)"); floor.addColorStop(1, "rgba(0,0,0,0.35)");
  ctx.fillStyle = floor; ctx.fillRect(0, h * 0.68, w, h * 0.32);
}
function shadow(ctx, x, y, rx, ry, a = 0.45) {
  const g = ctx.createRadialGradient(x, y, 1, x, y, rx);
  g.addColorStop(0, "rgba(0,0,0," + a + ")"); g.addColorStop(1, "rgba(0,0,0,0)");
  ctx.save(); ctx.translate(x, y); ctx.scale(1, ry / rx); ctx.translate(-x, -y);
  ctx.fillStyle = g; ctx.beginPath(); ctx.arc(x, y, rx, 0, Math.PI * 2); ctx.fill(); ctx.restore();
}
// A box: centre (x, y, z) in world units, size (sx, sy, sz), turned by ry about the vertical axis; a pinhole camera at z = -cam.
function box(ctx, w, h, c, s, ry, colour, cam = 6, light = [-0.5, -0.8, -0.6], tilt = 0.35) {
  const v = [];
  for (const dx of [-1, 1]) for (const dy of [-1, 1]) for (const dz of [-1, 1]) {
    let x = dx * s[0] / 2, y = dy * s[1] / 2, z = dz * s[2] / 2;
    const cx = Math.cos(ry), sx = Math.sin(ry);
    [x, z] = [x * cx - z * sx, x * sx + z * cx];
    const ct = Math.cos(tilt), st = Math.sin(tilt);
    const yy = (y + c[1]) * ct - (z + c[2]) * st, zz = (y + c[1]) * st + (z + c[2]) * ct;
    v.push([x + c[0], yy, zz]);
  }
  const P = (p) => { const k = (h * 0.9) / (p[2] + cam); return [w / 2 + p[0] * k, h / 2 + p[1] * k, p[2]]; };
  const faces = [[0, 1, 3, 2], [4, 6, 7, 5], [0, 4, 5, 1], [2, 3, 7, 6], [0, 2, 6, 4], [1, 5, 7, 3]];
  const L = Math.hypot(...light); const l = light.map((a) => a / L);
  const drawn = faces.map((f) => {
    const [a, b, d] = [v[f[0]], v[f[1]], v[f[3]]];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], t = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
    let n = [u[1] * t[2] - u[2] * t[1], u[2] * t[0] - u[0] * t[2], u[0] * t[1] - u[1] * t[0]];
    const m = Math.hypot(...n) || 1; n = n.map((x) => x / m);
    const centre = f.reduce((acc, i) => [acc[0] + v[i][0] / 4, acc[1] + v[i][1] / 4, acc[2] + v[i][2] / 4], [0, 0, 0]);
    const toCam = [-centre[0], -centre[1], -cam - centre[2]];
    if (n[0] * toCam[0] + n[1] * toCam[1] + n[2] * toCam[2] <= 0) n = n.map((x) => -x);
    const facing = n[0] * toCam[0] + n[1] * toCam[1] + n[2] * toCam[2];
    const lit = 0.35 + 0.75 * Math.max(0, -(n[0] * l[0] + n[1] * l[1] + n[2] * l[2]));
    return { f, depth: centre[2], lit, facing };
  });
  drawn.sort((a, b) => b.depth - a.depth);
  for (const { f, lit } of drawn) {
    ctx.beginPath();
    f.forEach((i, k) => { const [x, y] = P(v[i]); k ? ctx.lineTo(x, y) : ctx.moveTo(x, y); });
    ctx.closePath(); ctx.fillStyle = shade(colour, lit); ctx.fill();
    ctx.strokeStyle = "rgba(255,255,255,0.08)"; ctx.lineWidth = 1; ctx.stroke();
  }
}
function sphere(ctx, x, y, r, colour, hx = -0.35, hy = -0.4) {
  const g = ctx.createRadialGradient(x + r * hx, y + r * hy, r * 0.05, x, y, r);
  g.addColorStop(0, "#ffffff"); g.addColorStop(0.18, shade(colour, 1.25)); g.addColorStop(0.7, colour); g.addColorStop(1, shade(colour, 0.35));
  ctx.fillStyle = g; ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2); ctx.fill();
}
function sweep(ctx, w, h, t, alpha = 0.18) {
  const x = -w * 0.4 + t * w * 1.8;
  const g = ctx.createLinearGradient(x - 120, 0, x + 120, h);
  g.addColorStop(0, "rgba(255,255,255,0)"); g.addColorStop(0.5, "rgba(255,255,255," + alpha + ")"); g.addColorStop(1, "rgba(255,255,255,0)");
  ctx.fillStyle = g; ctx.fillRect(0, 0, w, h);
}

const SCENES = {
  product(ctx, w, h, p, t) {
    backdrop(ctx, w, h, p);
    shadow(ctx, w / 2, h * 0.8, w * 0.3, h * 0.05, 0.55);
    // A turntable plinth, and the product on it: a glossy sphere with a ring of light.
    box(ctx, w, h, [0, 1.05, 0.4], [3.2, 0.35, 1.6], -0.5 + t * 1.0, shade(p[0], 1.4), 6, [-0.4, -0.9, -0.5], 0.3);
    sphere(ctx, w / 2, h * 0.42, h * 0.2, p[2]);
    ctx.strokeStyle = "rgba(255,255,255,0.55)"; ctx.lineWidth = 3;
    ctx.beginPath(); ctx.ellipse(w / 2, h * 0.42, h * 0.32, h * 0.07, -0.25 + t * 0.5, 0, Math.PI * 2); ctx.stroke();
    sphere(ctx, w * 0.2, h * 0.3, h * 0.045, p[3]);
    sphere(ctx, w * 0.82, h * 0.6, h * 0.03, p[2]);
    sweep(ctx, w, h, t);
  },
  render(ctx, w, h, p, t) {
    backdrop(ctx, w, h, p);
    shadow(ctx, w * 0.36, h * 0.8, w * 0.15, h * 0.04);
    shadow(ctx, w * 0.66, h * 0.8, w * 0.12, h * 0.04);
    box(ctx, w, h, [0.9, 0.55, 0.2], [1.1, 1.1, 1.1], 0.6 + t * 0.8, p[1]);
    sphere(ctx, w * 0.36, h * 0.56, h * 0.2, p[2]);
    sphere(ctx, w * 0.22, h * 0.72, h * 0.06, p[3]);
  },
  logo(ctx, w, h, p, t) {
    backdrop(ctx, w, h, [p[0], shade(p[0], 1.6), p[2], p[3]]);
    const k = ease(Math.min(1, t * 1.6));
    ctx.save(); ctx.translate(w / 2, h * 0.46); ctx.scale(0.6 + 0.4 * k, 0.6 + 0.4 * k); ctx.globalAlpha = 0.2 + 0.8 * k;
    const g = ctx.createLinearGradient(-h * 0.25, -h * 0.25, h * 0.25, h * 0.25);
    g.addColorStop(0, p[3]); g.addColorStop(0.45, p[2]); g.addColorStop(0.55, shade(p[2], 0.6)); g.addColorStop(1, p[1]);
    ctx.fillStyle = g; ctx.beginPath(); ctx.roundRect(-h * 0.22, -h * 0.22, h * 0.44, h * 0.44, h * 0.08); ctx.fill();
    ctx.fillStyle = p[0]; ctx.beginPath(); ctx.moveTo(-h * 0.07, -h * 0.11); ctx.lineTo(h * 0.11, 0); ctx.lineTo(-h * 0.07, h * 0.11); ctx.closePath(); ctx.fill();
    ctx.restore();
    for (let i = 0; i < 28; i++) {
      const a = i * 2.399, r = (h * 0.3) + ((i * 37) % 90) + t * 60;
      ctx.fillStyle = "rgba(255,255,255," + (0.15 + ((i * 13) % 10) / 25) * (1 - t * 0.5) + ")";
      ctx.beginPath(); ctx.arc(w / 2 + Math.cos(a) * r, h * 0.46 + Math.sin(a) * r * 0.6, 1.5 + (i % 3), 0, Math.PI * 2); ctx.fill();
    }
    sweep(ctx, w, h, t, 0.25);
  },
  architecture(ctx, w, h, p, t) {
    const sky = ctx.createLinearGradient(0, 0, 0, h);
    sky.addColorStop(0, p[1]); sky.addColorStop(0.62, p[3]); sky.addColorStop(0.63, shade(p[2], 0.55)); sky.addColorStop(1, shade(p[2], 0.35));
    ctx.fillStyle = sky; ctx.fillRect(0, 0, w, h);
    const pan = -0.4 + t * 0.8;
    const blocks = [[-2.2, 0.6, 2.5, 1.2, 2.4, 1.2], [0, 0.2, 3, 1.6, 3.2, 1.4], [2.3, 0.8, 2.2, 1.1, 2, 1.1], [-0.9, 1.1, 0.6, 1.2, 1, 1], [1.2, 1.2, 0.2, 0.9, 0.8, 0.9]];
    // Each block stands on the ground (y = 1.4, down is positive), the camera panning past.
    for (const [x, , z, sx, sy, sz] of blocks.sort((a, b) => b[2] - a[2]))
      box(ctx, w, h, [x * 0.8 + pan, 1.1 - sy / 2, z + 0.5], [sx, sy, sz], 0.5 + pan * 0.3, z > 1 ? shade(p[1], 0.75) : shade(p[0], 1.8), 5, [-0.6, -0.7, -0.4], 0.12);
  },
  explainer(ctx, w, h, p, t) {
    ctx.fillStyle = p[3]; ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = p[1]; ctx.beginPath(); ctx.arc(w * 0.78, h * 0.3, h * 0.32, 0, Math.PI * 2); ctx.fill();
    const k = ease(t);
    ctx.fillStyle = p[0]; ctx.beginPath(); ctx.roundRect(w * 0.1, h * 0.28, w * 0.42 * (0.6 + 0.4 * k), h * 0.09, h * 0.045); ctx.fill();
    ctx.fillStyle = shade(p[1], 0.9); ctx.beginPath(); ctx.roundRect(w * 0.1, h * 0.44, w * 0.3, h * 0.06, h * 0.03); ctx.fill();
    ctx.fillStyle = p[2]; ctx.beginPath(); ctx.roundRect(w * 0.1, h * 0.56, w * 0.22, h * 0.06, h * 0.03); ctx.fill();
    for (let i = 0; i < 3; i++) {
      const y = h * (0.62 + 0.02 * Math.sin(t * 6 + i)), x = w * (0.6 + i * 0.1);
      ctx.fillStyle = [p[0], p[2], shade(p[1], 0.7)][i]; ctx.beginPath(); ctx.roundRect(x, y, w * 0.08, h * 0.18 + i * 20, 10); ctx.fill();
    }
  },
  motion(ctx, w, h, p, t) {
    ctx.fillStyle = p[0]; ctx.fillRect(0, 0, w, h);
    for (let i = 0; i < 9; i++) {
      const a = t * Math.PI * 2 * (i % 2 ? 1 : -1) + i;
      ctx.save(); ctx.translate(w * (0.1 + i * 0.1), h * (0.5 + 0.25 * Math.sin(a)));
      ctx.rotate(a); ctx.fillStyle = [p[1], p[2], p[3]][i % 3]; ctx.globalAlpha = 0.85;
      i % 3 === 0 ? ctx.fillRect(-30, -30, 60, 60) : (ctx.beginPath(), ctx.arc(0, 0, 26 + (i % 4) * 6, 0, Math.PI * 2), ctx.fill());
      ctx.restore();
    }
    ctx.fillStyle = p[3]; ctx.beginPath(); ctx.roundRect(w * 0.08, h * 0.78, w * 0.5 * ease(t), h * 0.05, h * 0.025); ctx.fill();
  },
  character(ctx, w, h, p, t) {
    backdrop(ctx, w, h, p);
    const bounce = Math.abs(Math.sin(t * Math.PI * 3)) * h * 0.12;
    shadow(ctx, w / 2, h * 0.8, w * (0.14 - bounce / w), h * 0.035);
    const cx = w / 2, cy = h * 0.55 - bounce, r = h * 0.2;
    sphere(ctx, cx, cy, r, p[2], -0.3, -0.5);
    for (const s of [-1, 1]) {
      ctx.fillStyle = "#ffffff"; ctx.beginPath(); ctx.ellipse(cx + s * r * 0.35, cy - r * 0.15, r * 0.17, r * 0.22, 0, 0, Math.PI * 2); ctx.fill();
      ctx.fillStyle = "#111827"; ctx.beginPath(); ctx.arc(cx + s * r * 0.35 + r * 0.05 * Math.sin(t * 8), cy - r * 0.12, r * 0.08, 0, Math.PI * 2); ctx.fill();
    }
    ctx.strokeStyle = shade(p[0], 0.8); ctx.lineWidth = 5; ctx.lineCap = "round";
    ctx.beginPath(); ctx.arc(cx, cy + r * 0.2, r * 0.3, 0.2 * Math.PI, 0.8 * Math.PI); ctx.stroke();
  },
  film(ctx, w, h, p, t) {
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, p[0]); g.addColorStop(1, p[1]); ctx.fillStyle = g; ctx.fillRect(0, 0, w, h);
    sphere(ctx, w * (0.3 + 0.1 * t), h * 0.42, h * 0.16, p[2]);
    ctx.fillStyle = shade(p[0], 0.6);
    ctx.beginPath(); ctx.moveTo(0, h * 0.75);
    for (let x = 0; x <= w; x += 20) ctx.lineTo(x, h * (0.68 + 0.05 * Math.sin(x / 90 + t * 2)));
    ctx.lineTo(w, h); ctx.lineTo(0, h); ctx.closePath(); ctx.fill();
    ctx.fillStyle = "#000"; ctx.fillRect(0, 0, w, h * 0.07); ctx.fillRect(0, h * 0.93, w, h * 0.07);
  },
};
window.draw = (ctx, scene, palette, t) => SCENES[scene](ctx, ctx.canvas.width, ctx.canvas.height, PALETTES[palette], t);
`;

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
await page.setContent("<canvas id=c></canvas>");
await page.addScriptTag({ content: DRAW });

async function frame(scene: string, palette: number, t: number, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ scene, palette, t, width, height }) => {
      const canvas = document.getElementById("c") as HTMLCanvasElement;
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d")!;
      (window as unknown as { draw: (c: CanvasRenderingContext2D, s: string, p: number, t: number) => void }).draw(ctx, scene, palette, t);
      return canvas.toDataURL("image/png");
    },
    { scene, palette, t, width, height },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

try {
  for (const [file, scene, palette] of STILLS) {
    const png = await frame(scene, palette, 0.45, 960, 600);
    await sharp(png).jpeg({ quality: 72, mozjpeg: true }).toFile(join(mediaDir, file));
  }
  for (const [file, scene, palette] of FILMS) {
    const dir = mkdtempSync(join(tmpdir(), "reelcraft-film-"));
    try {
      for (let i = 0; i < FPS * SECONDS; i++)
        writeFileSync(join(dir, `${String(i).padStart(4, "0")}.png`), await frame(scene, palette, i / (FPS * SECONDS - 1), 640, 360));
      execFileSync(
        "ffmpeg",
        [
          "-y",
          "-loglevel",
          "error",
          "-framerate",
          String(FPS),
          "-i",
          join(dir, "%04d.png"),
          "-c:v",
          "libx264",
          "-preset",
          "slow",
          "-crf",
          "30",
          "-pix_fmt",
          "yuv420p",
          "-movflags",
          "+faststart",
          join(mediaDir, file),
        ],
        { stdio: "inherit" },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.info(`Rendered ${STILLS.length} pictures and ${FILMS.length} films into ${mediaDir} (${readdirSync(mediaDir).length} files).`);
} finally {
  await browser.close();
}
