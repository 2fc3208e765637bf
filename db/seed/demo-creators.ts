/**
 * The studio's creators as the demo shows them: ten with profiles across the UK, the US and Europe
 * (the demo creator `creator@example.com` among them, the lead on the products the demo customer
 * bought), one still invited and one suspended with a statement of reasons. Each seeded product names
 * two or three creators whose skills match its tags. Written once, when no creator exists yet. Only the
 * demo creator has a password; the others sign in after a password reset.
 */
import { and, count, eq, inArray, isNull, like, notInArray } from "drizzle-orm";
import type { Database } from "../client";
import { creatorMedia, creators, productCreators, products, type CreatorStatus } from "../schema";
import { hashPassword, type PasswordCost } from "../../app/auth/password.server";
import { slugify } from "../../app/lib/slug";
import { DEMO_CREATOR, SEED_FILMS, SEED_PRODUCTS } from "./catalogue";
import type { LoadMedia } from "./seed";

type SeedCreator = {
  name: string;
  email: string;
  status: CreatorStatus;
  country: string | null;
  headline: string;
  bio: string;
  languages: string[];
  skills: string[];
  capacity: number;
  suspendedReason?: string;
  awayDays?: number;
};

const CREATORS: SeedCreator[] = [
  {
    name: DEMO_CREATOR.name,
    email: DEMO_CREATOR.email,
    status: "active",
    country: "SE",
    headline: "3D product films with soft, honest light",
    bio: "Ten years of product animation for appliances, audio and furniture brands. I model from CAD, light like a photographer and cut to music.",
    languages: ["English", "Swedish"],
    skills: ["3D Animation", "Product Video", "Architecture"],
    capacity: 6,
  },
  {
    name: "Owen Hart",
    email: "owen.hart@creators.example",
    status: "active",
    country: "GB",
    headline: "Explainers that make the complicated feel obvious",
    bio: "Motion designer in Bristol. Script-first explainers for fintech and health.",
    languages: ["English"],
    skills: ["Explainer Video", "Motion Graphics"],
    capacity: 4,
  },
  {
    name: "Lucía Ortega",
    email: "lucia.ortega@creators.example",
    status: "active",
    country: "ES",
    headline: "Brand films with a documentary eye",
    bio: "Director and editor from Madrid; brand films and social cut-downs.",
    languages: ["Spanish", "English"],
    skills: ["Brand Film", "Social Media"],
    capacity: 3,
  },
  {
    name: "Jonas Weber",
    email: "jonas.weber@creators.example",
    status: "active",
    country: "DE",
    headline: "Architectural walkthroughs and real-time 3D",
    bio: "Architect turned visualiser: walkthroughs for developers and sales suites.",
    languages: ["German", "English"],
    skills: ["Architecture", "3D Animation"],
    capacity: 3,
  },
  {
    name: "Priya Nair",
    email: "priya.nair@creators.example",
    status: "active",
    country: "US",
    headline: "Characters with personality",
    bio: "Character animator in Austin; mascots, onboarding characters and short series.",
    languages: ["English", "Hindi"],
    skills: ["Character Animation", "3D Animation"],
    capacity: 4,
  },
  {
    name: "Camille Dubois",
    email: "camille.dubois@creators.example",
    status: "away",
    awayDays: 10,
    country: "FR",
    headline: "Motion graphics for social first",
    bio: "Paris-based motion designer making vertical-first campaigns.",
    languages: ["French", "English"],
    skills: ["Motion Graphics", "Social Media"],
    capacity: 5,
  },
  {
    name: "Sean Murphy",
    email: "sean.murphy@creators.example",
    status: "active",
    country: "IE",
    headline: "Product videos that sell on the first frame",
    bio: "Dublin studio of one: product reveals, packshots and launch films.",
    languages: ["English", "Irish"],
    skills: ["Product Video", "3D Animation"],
    capacity: 4,
  },
  {
    name: "Giulia Romano",
    email: "giulia.romano@creators.example",
    status: "active",
    country: "IT",
    headline: "Explainers and brand stories in three languages",
    bio: "Milan; explainers and brand stories for B2B software.",
    languages: ["Italian", "English", "French"],
    skills: ["Explainer Video", "Brand Film"],
    capacity: 3,
  },
  {
    name: "Marcus Reed",
    email: "marcus.reed@creators.example",
    status: "active",
    country: "US",
    headline: "Social edits at speed",
    bio: "New York editor: ads and cut-downs for paid social.",
    languages: ["English"],
    skills: ["Social Media", "Product Video"],
    capacity: 8,
  },
  {
    name: "Anna Kowalska",
    email: "anna.kowalska@creators.example",
    status: "active",
    country: "PL",
    headline: "Motion design with clean type",
    bio: "Kraków; motion systems and typography-led explainers.",
    languages: ["Polish", "English"],
    skills: ["Motion Graphics", "Explainer Video"],
    capacity: 4,
  },
  {
    name: "Tom Becker",
    email: "tom.becker@creators.example",
    status: "invited",
    country: null,
    headline: "",
    bio: "",
    languages: [],
    skills: [],
    capacity: 3,
  },
  {
    name: "Rafael Costa",
    email: "rafael.costa@creators.example",
    status: "suspended",
    country: "PT",
    headline: "3D loops and product stills",
    bio: "Lisbon 3D artist.",
    languages: ["Portuguese", "English"],
    skills: ["3D Animation"],
    capacity: 3,
    suspendedReason:
      "Two deliveries in a row reused another studio's footage without a licence (orders of 3 and 10 March). Under the creator terms, work must be your own or licensed.",
  },
];

/** Each avatar's backdrop, letters and key light (`#RRGGBB`), one a creator in turn. */
const AVATAR_PALETTES: [backdrop: string, letters: string, light: string][] = [
  ["#E9E2D6", "#C2410C", "#FFE8CC"],
  ["#1E293B", "#38BDF8", "#DCEBFF"],
  ["#F4D9C6", "#9D174D", "#FFE4D6"],
  ["#D9E4DC", "#166534", "#F1FFE8"],
  ["#2E1065", "#F59E0B", "#FFE9C2"],
  ["#E0E7FF", "#4338CA", "#EEF0FF"],
  ["#FDE68A", "#1F2937", "#FFF7DA"],
  ["#0F172A", "#F43F5E", "#FFD9E0"],
  ["#E7E5E4", "#0F766E", "#E8FFFB"],
  ["#FCE7F3", "#7C3AED", "#F3E8FF"],
  ["#CFFAFE", "#B45309", "#FFF1DC"],
];

/** "Lucía Ortega" → "LO": the first letters of the first and last names (accents dropped: the 3D font has none). */
function initialsOf(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/\s+/)
    .filter(Boolean);
  return `${words[0]![0]!}${words.length > 1 ? words.at(-1)![0]! : ""}`.toUpperCase();
}

/**
 * The demo creators' avatars (every creator with a profile: not the one still invited): their
 * initials as lacquered 3D letters on a studio backdrop, rendered with Blender by
 * `npm run seed:render-media -- avatars` into db/seed/media.
 */
export const SEED_AVATARS = CREATORS.filter((c) => c.status !== "invited").map((c, i) => ({
  email: c.email,
  initials: initialsOf(c.name),
  file: `avatar-${slugify(c.name)}.jpg`,
  colors: AVATAR_PALETTES[i % AVATAR_PALETTES.length]!,
}));

/** Seeds the creators once, and each product's creators; returns how many creators were written. */
export async function seedCreators(db: Database, cost: PasswordCost, now = Date.now()): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(creators);
  if (n > 0) return 0;
  const demoHash = await hashPassword(DEMO_CREATOR.password, cost);
  // One row a statement (D1 binds at most 100 values a statement), all in one batch.
  const inserts = CREATORS.map((c, i) =>
    db
      .insert(creators)
      .values({
        name: c.name,
        email: c.email,
        passwordHash: c.email === DEMO_CREATOR.email ? demoHash : "",
        status: c.status,
        slug: c.status === "invited" ? null : slugify(c.name),
        headline: c.headline,
        bio: c.bio,
        country: c.country,
        languages: c.languages,
        skills: c.skills,
        capacity: c.capacity,
        awayUntil: c.awayDays ? new Date(now + c.awayDays * 86_400_000) : null,
        suspendedReason: c.suspendedReason ?? null,
        suspendedAt: c.suspendedReason ? new Date(now - 5 * 86_400_000) : null,
        invitedBy: 1,
        activatedAt: c.status === "invited" ? null : new Date(now - (200 - i * 10) * 86_400_000),
        createdAt: new Date(now - (210 - i * 10) * 86_400_000),
      })
      .returning({ id: creators.id, email: creators.email, skills: creators.skills, status: creators.status }),
  );
  const [first, ...rest] = inserts;
  const rows = (await db.batch([first!, ...rest])).flat();
  // Each product: the creators whose skills meet its tags (the demo creator first where they qualify), two or three of them.
  const seeded = await db.select({ id: products.id, title: products.title }).from(products);
  const working = rows.filter((r) => r.status === "active" || r.status === "away");
  const links = seeded.flatMap((product) => {
    const tags = SEED_PRODUCTS.find((p) => p.title === product.title)?.tags ?? [];
    const fit = working
      .map((c) => ({ c, score: c.skills.filter((s) => tags.includes(s)).length }))
      .filter((x) => x.score > 0)
      .sort((a, b) => (a.c.email === DEMO_CREATOR.email ? -1 : b.c.email === DEMO_CREATOR.email ? 1 : b.score - a.score || a.c.id - b.c.id))
      .slice(0, 3)
      .map((x) => x.c);
    // The maker of the film a product shows is named among its creators.
    const filmMaker = working.find((c) => c.email === SEED_FILMS.find((f) => f.products.includes(product.title))?.creator);
    if (filmMaker && !fit.some((c) => c.id === filmMaker.id)) fit.push(filmMaker);
    return fit.map((c, position) => ({ productId: product.id, creatorId: c.id, lead: position === 0, position }));
  });
  if (links.length) {
    const [head, ...tail] = links.map((link) => db.insert(productCreators).values(link));
    await db.batch([head!, ...tail]);
  }
  return rows.length;
}

/** The demo creator's id, once seeded. */
export async function demoCreatorId(db: Database): Promise<number | null> {
  const [row] = await db.select({ id: creators.id }).from(creators).where(eq(creators.email, DEMO_CREATOR.email)).limit(1);
  return row?.id ?? null;
}

/**
 * The demo creators' portfolios: each film's maker shows it as their showreel and its stills as
 * captioned pieces (bytes under `creators/{id}/seed-…`, like the catalogue's). Rows are written once;
 * objects missing from R2 are uploaded on every seed. Returns how many objects were uploaded.
 */
export async function seedPortfolios(db: Database, bucket: R2Bucket, loadMedia: LoadMedia): Promise<number> {
  const seeded = await db.select({ id: creatorMedia.id }).from(creatorMedia).where(like(creatorMedia.r2Key, "creators/%/seed-%")).limit(1);
  if (!seeded.length) {
    const makers = await db
      .select({ id: creators.id, email: creators.email })
      .from(creators)
      .where(inArray(creators.email, [...new Set(SEED_FILMS.map((f) => f.creator))]));
    const idOf = new Map(makers.map((m) => [m.email, m.id]));
    const rows = SEED_FILMS.flatMap((film) => {
      const creatorId = idOf.get(film.creator);
      if (creatorId === undefined) return [];
      const key = (file: string) => `creators/${creatorId}/seed-${file}`;
      return [
        { creatorId, kind: "showreel" as const, r2Key: key(film.file), contentType: "video/mp4", size: 0, title: film.caption, position: 0 },
        ...film.stills.map((still, position) => ({
          creatorId,
          kind: "piece" as const,
          r2Key: key(still.file),
          contentType: "image/jpeg",
          size: 0,
          title: `${film.caption}, still ${position + 1}`,
          position,
        })),
      ];
    });
    // One row a statement (D1 binds at most 100 values a statement), all in one batch.
    const [head, ...tail] = rows.map((row) => db.insert(creatorMedia).values(row));
    if (head) await db.batch([head, ...tail]);
  }
  // Avatars, for each seeded creator who has none yet (a shop seeded before they existed gets them too).
  const withAvatar = db.select({ id: creatorMedia.creatorId }).from(creatorMedia).where(eq(creatorMedia.kind, "avatar"));
  const needing = await db
    .select({ id: creators.id, email: creators.email })
    .from(creators)
    .where(
      and(
        inArray(
          creators.email,
          SEED_AVATARS.map((a) => a.email),
        ),
        notInArray(creators.id, withAvatar),
        isNull(creators.erasedAt),
      ),
    );
  const avatarRows = needing.map((c) => {
    const file = SEED_AVATARS.find((a) => a.email === c.email)!.file;
    return db
      .insert(creatorMedia)
      .values({ creatorId: c.id, kind: "avatar", r2Key: `creators/${c.id}/seed-${file}`, contentType: "image/jpeg", size: 0, title: "", position: 0 });
  });
  if (avatarRows.length) await db.batch(avatarRows as [(typeof avatarRows)[number], ...(typeof avatarRows)[number][]]);
  const rows = await db
    .select({ id: creatorMedia.id, key: creatorMedia.r2Key, contentType: creatorMedia.contentType, size: creatorMedia.size })
    .from(creatorMedia)
    .where(like(creatorMedia.r2Key, "creators/%/seed-%"));
  let uploaded = 0;
  for (const row of rows) {
    if (row.size > 0 && (await bucket.head(row.key))) continue;
    const bytes = await loadMedia(row.key.slice(row.key.indexOf("/seed-") + "/seed-".length));
    await bucket.put(row.key, bytes, { httpMetadata: { contentType: row.contentType } });
    await db.update(creatorMedia).set({ size: bytes.byteLength }).where(eq(creatorMedia.id, row.id));
    uploaded++;
  }
  return uploaded;
}
