/**
 * A delivery's masters: full-quality files the customer may download only once they have approved
 * the delivery (the studio always). Screens hand out links signed by the Worker (HMAC of the order,
 * the file, who and until when; MASTER_LINK_SECONDS), so a download manager can resume one without
 * the session cookie; the API serves them to a Bearer token's holder. Every download that starts at
 * the first byte is recorded: the studio sees who took what, and when.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { deliveryFiles, masterDownloads, orderDeliveries, users } from "../../../db/schema";
import { hmacSha256, verifyHmacSha256 } from "~/domain/crypto.server";
import { MASTER_LINK_SECONDS, MASTERS_HELD, MASTERS_ZIP_MAX_BYTES } from "~/lib/rules/upload-rules";
import { refuse } from "../refusal";
import { getWorkState } from "./work-state.server";
import { mastersReleased, type DeliveryView } from "./deliveries.server";
import { paths } from "~/lib/paths";

export type MasterReader = { kind: "customer" | "admin" | "creator"; id: number };
/** A signed link names its reader by a letter: a(dmin), c(ustomer), m(aker: a creator). */
const READER_LETTER = { admin: "a", customer: "c", creator: "m" } as const;

const secretFor = (secret: string) => `master-link:${secret}`;
const signedText = (orderId: number, target: LinkTarget, reader: MasterReader, expires: number) =>
  `${orderId}:${targetText(target)}:${reader.kind}:${reader.id}:${expires}`;

/** What a link stands for: one master, or every master of a delivery as one ZIP. */
type LinkTarget = { file: number } | { zipOf: number };
const targetText = (target: LinkTarget) => ("file" in target ? String(target.file) : `zip-${target.zipOf}`);

/** A link to a master that works for MASTER_LINK_SECONDS, for `reader` only. */
export async function signedMasterPath(secret: string, orderId: number, target: LinkTarget, reader: MasterReader, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + MASTER_LINK_SECONDS;
  const by = `${READER_LETTER[reader.kind]}${reader.id}`;
  const sig = await hmacSha256(secretFor(secret), signedText(orderId, target, reader, expires));
  const path = "file" in target ? paths.master(orderId, target.file) : paths.mastersZip(orderId, target.zipOf);
  return `${path}?by=${by}&expires=${expires}&sig=${sig}`;
}

/** Who a signed link was made for, when it is genuine and not expired; null otherwise. */
export async function verifyMasterLink(
  secret: string,
  orderId: number,
  target: LinkTarget,
  query: URLSearchParams,
  now = Date.now(),
): Promise<MasterReader | null> {
  const by = /^([acm])(\d{1,12})$/.exec(query.get("by") ?? "");
  const expires = /^\d{1,12}$/.test(query.get("expires") ?? "") ? Number(query.get("expires")) : Number.NaN;
  if (!by || !(expires * 1000 > now) || expires * 1000 > now + MASTER_LINK_SECONDS * 1000 + 60_000) return null;
  const reader: MasterReader = { kind: by[1] === "a" ? "admin" : by[1] === "m" ? "creator" : "customer", id: Number(by[2]) };
  const genuine = await verifyHmacSha256(secretFor(secret), signedText(orderId, target, reader, expires), query.get("sig") ?? "");
  return genuine ? reader : null;
}

/**
 * A master as stored, for `reader`: 404 when the order or file is not theirs (or not a master), 403
 * with MASTERS_HELD before the customer's approval.
 */
export async function masterForDownload(db: Database, orderId: number, fileId: number, reader: MasterReader, deliveryId?: number) {
  const state = await getWorkState(db, orderId, reader);
  const [file] = await db
    .select({
      id: deliveryFiles.id,
      key: deliveryFiles.r2Key,
      name: deliveryFiles.name,
      contentType: deliveryFiles.contentType,
      deliveryId: deliveryFiles.deliveryId,
      stage: orderDeliveries.stage,
    })
    .from(deliveryFiles)
    .innerJoin(orderDeliveries, eq(orderDeliveries.id, deliveryFiles.deliveryId))
    .where(and(eq(deliveryFiles.id, fileId), eq(deliveryFiles.orderId, orderId), eq(deliveryFiles.role, "master")))
    .limit(1);
  if (!file || (deliveryId !== undefined && file.deliveryId !== deliveryId)) throw refuse.notFound("File not found");
  if (!mastersReleased(state, reader, file.stage)) throw refuse.forbidden(MASTERS_HELD);
  return file;
}

/** Notes a download (one that starts at the first byte: a resumed one is the same download). */
export async function recordMasterDownload(db: Database, orderId: number, fileId: number, reader: MasterReader, now = Date.now()) {
  await db.insert(masterDownloads).values({ fileId, orderId, actorKind: reader.kind, actorId: reader.id, createdAt: new Date(now) });
}

export interface MasterDownloadView {
  file_id: number;
  name: string;
  by: string;
  at: string;
}

/** The order's master downloads, newest first (the studio's page): at most the latest 50. */
export async function listMasterDownloads(db: Database, orderId: number): Promise<MasterDownloadView[]> {
  const rows = await db
    .select({ fileId: masterDownloads.fileId, name: deliveryFiles.name, kind: masterDownloads.actorKind, who: users.name, at: masterDownloads.createdAt })
    .from(masterDownloads)
    .innerJoin(deliveryFiles, eq(deliveryFiles.id, masterDownloads.fileId))
    .leftJoin(users, and(eq(masterDownloads.actorKind, "customer"), eq(users.id, masterDownloads.actorId)))
    .where(eq(masterDownloads.orderId, orderId))
    .orderBy(desc(masterDownloads.createdAt), desc(masterDownloads.id))
    .limit(50);
  return rows.map((r) => ({
    file_id: r.fileId,
    name: r.name,
    by: r.kind === "admin" || r.kind === "creator" ? "The studio" : (r.who ?? "The customer"),
    at: r.at.toISOString(),
  }));
}

export type DeliveryWithLinks = Omit<DeliveryView, "masters"> & {
  masters: (DeliveryView["masters"][number] & { href: string | null })[];
  /** 'Download all' as one ZIP: released, two or more, MASTERS_ZIP_MAX_BYTES in all at most. */
  mastersZip: { href: string; size: number } | null;
};

/** The deliveries as a page shows them: each released master with a signed link for `reader`, and the ZIP of them all where it fits. */
export async function withMasterLinks(
  secret: string,
  orderId: number,
  deliveries: DeliveryView[],
  reader: MasterReader,
  now = Date.now(),
): Promise<DeliveryWithLinks[]> {
  return Promise.all(
    deliveries.map(async (delivery) => {
      const size = delivery.masters.reduce((sum, m) => sum + m.size, 0);
      const zippable = delivery.masters.length > 1 && delivery.masters.every((m) => m.released) && size <= MASTERS_ZIP_MAX_BYTES;
      return {
        ...delivery,
        masters: await Promise.all(
          delivery.masters.map(async (master) => ({
            ...master,
            href: master.released ? await signedMasterPath(secret, orderId, { file: master.id }, reader, now) : null,
          })),
        ),
        mastersZip: zippable ? { href: await signedMasterPath(secret, orderId, { zipOf: delivery.id }, reader, now), size } : null,
      };
    }),
  );
}

/**
 * Every master of a delivery for one ZIP, in their order: 404 when the order or delivery is not the
 * reader's, 403 before approval, 409 past MASTERS_ZIP_MAX_BYTES (they are downloaded one by one then).
 */
export async function mastersForZip(db: Database, orderId: number, deliveryId: number, reader: MasterReader) {
  const state = await getWorkState(db, orderId, reader);
  const files = await db
    .select({ id: deliveryFiles.id, key: deliveryFiles.r2Key, name: deliveryFiles.name, size: deliveryFiles.size, stage: orderDeliveries.stage })
    .from(deliveryFiles)
    .innerJoin(orderDeliveries, eq(orderDeliveries.id, deliveryFiles.deliveryId))
    .where(and(eq(deliveryFiles.orderId, orderId), eq(deliveryFiles.deliveryId, deliveryId), eq(deliveryFiles.role, "master")))
    .orderBy(asc(deliveryFiles.position));
  if (files.length === 0) throw refuse.notFound("File not found");
  if (!mastersReleased(state, reader, files[0]!.stage)) throw refuse.forbidden(MASTERS_HELD);
  if (files.reduce((sum, f) => sum + f.size, 0) > MASTERS_ZIP_MAX_BYTES)
    throw refuse.conflict("These masters are too large for one ZIP: download them one by one.");
  return files;
}
