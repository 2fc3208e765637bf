/**
 * The browser's side of an upload in parts (app/domain/uploads; the screens' `/uploads` calls): a
 * file is cut as the server planned, a few parts go at a time (each its own request, with its
 * progress), and pause, resume and cancel work between parts. The upload's id is kept in
 * localStorage under the file's name, size and date, so after a dropped connection or a reload,
 * choosing the same file again asks the server which parts it has and sends only the others.
 */
import type { UploadPurpose } from "../../lib/rules/upload-rules";

export type PartsUploadState = "starting" | "uploading" | "paused" | "completing" | "done" | "failed" | "cancelled";

export interface PartsUploadProgress {
  state: PartsUploadState;
  /** Bytes the server holds or is receiving. */
  sent: number;
  size: number;
  /** Set when a resumed upload skipped parts the server already had. */
  resumed: boolean;
  message: string | null;
}

export interface PartsUploadTarget {
  purpose: UploadPurpose;
  order_id?: number;
  product_id?: number;
}

type ServerUpload = { id: string; status: string; part_size: number; part_count: number; parts: { number: number }[] };

/** Parts in flight at once: enough to fill a connection, few enough not to starve the page. */
const PARALLEL = 3;
/** A part that fails for the network is tried this many times before the upload pauses as failed. */
const TRIES = 3;

const storageKey = (file: File, target: PartsUploadTarget) =>
  `parts-upload:${target.purpose}:${target.order_id ?? target.product_id ?? ""}:${file.name}:${file.size}:${file.lastModified}`;

function remembered(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key: string, id: string | null) {
  try {
    if (id) window.localStorage.setItem(key, id);
    else window.localStorage.removeItem(key);
  } catch {
    // Private windows may refuse storage: the upload still works, it just cannot resume after a reload.
  }
}

async function call<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T & { message?: string } }> {
  const response = await fetch(url, { ...init, headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) } });
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  return { status: response.status, body };
}

export class PartsUpload {
  private id: string | null = null;
  private plan: { partSize: number; partCount: number } | null = null;
  private done = new Set<number>();
  private inFlight = new Map<number, { request: XMLHttpRequest; loaded: number }>();
  private state: PartsUploadState = "starting";
  private resumed = false;
  private message: string | null = null;
  private finished: { resolve: (id: string) => void; reject: (error: Error) => void } | null = null;
  private readonly key: string;

  constructor(
    readonly file: File,
    private readonly target: PartsUploadTarget,
    private readonly onChange: (progress: PartsUploadProgress) => void,
    private readonly base = "/uploads",
  ) {
    this.key = storageKey(file, target);
  }

  /** Uploads the file (resuming one this browser started before); resolves with the completed upload's id. */
  start(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.finished = { resolve, reject };
      this.open().catch((error: Error) => this.fail(error.message, true));
    });
  }

  pause() {
    if (this.state !== "uploading") return;
    this.state = "paused";
    for (const { request } of this.inFlight.values()) request.abort();
    this.inFlight.clear();
    this.report();
  }

  resume() {
    if (this.state !== "paused" && this.state !== "failed") return;
    this.message = null;
    this.state = "uploading";
    this.report();
    this.pump();
  }

  async cancel() {
    const before = this.state;
    this.state = "cancelled";
    for (const { request } of this.inFlight.values()) request.abort();
    this.inFlight.clear();
    remember(this.key, null);
    this.report();
    if (this.id && before !== "done") await call(`${this.base}/${this.id}`, { method: "DELETE" }).catch(() => undefined);
    this.finished?.reject(new Error("cancelled"));
  }

  private progress(): PartsUploadProgress {
    let sent = 0;
    if (this.plan) {
      for (const n of this.done) sent += this.partLength(n);
      for (const { loaded } of this.inFlight.values()) sent += loaded;
    }
    return { state: this.state, sent: Math.min(sent, this.file.size), size: this.file.size, resumed: this.resumed, message: this.message };
  }

  private report() {
    this.onChange(this.progress());
  }

  private partLength(n: number) {
    const { partSize, partCount } = this.plan!;
    return n < partCount ? partSize : this.file.size - partSize * (partCount - 1);
  }

  private async open() {
    const known = remembered(this.key);
    if (known) {
      const { status, body } = await call<{ data: ServerUpload }>(`${this.base}/${known}`);
      if (status === 200 && body.data.status === "open") {
        this.adopt(body.data);
        this.resumed = this.done.size > 0;
      } else if (status === 200 && body.data.status === "completed") {
        this.adopt(body.data);
        this.state = "done";
        this.report();
        this.finished?.resolve(body.data.id);
        return;
      }
    }
    if (!this.id) {
      const { status, body } = await call<{ data: ServerUpload }>(this.base, {
        method: "POST",
        body: JSON.stringify({
          upload: { ...this.target, name: this.file.name, size: this.file.size, content_type: this.file.type || "application/octet-stream" },
        }),
      });
      if (status !== 201) throw new Error(body.message ?? "The upload could not be started.");
      this.adopt(body.data);
      remember(this.key, body.data.id);
    }
    if (this.state === "cancelled") return;
    this.state = "uploading";
    this.report();
    this.pump();
  }

  private adopt(upload: ServerUpload) {
    this.id = upload.id;
    this.plan = { partSize: upload.part_size, partCount: upload.part_count };
    this.done = new Set(upload.parts.map((p) => p.number));
  }

  /** Starts parts until PARALLEL are in flight; completes once every part is in. */
  private pump() {
    if (this.state !== "uploading" || !this.plan) return;
    for (let n = 1; n <= this.plan.partCount && this.inFlight.size < PARALLEL; n++) {
      if (!this.done.has(n) && !this.inFlight.has(n)) this.send(n, 1);
    }
    if (this.done.size === this.plan.partCount && this.inFlight.size === 0) void this.complete();
  }

  private send(n: number, attempt: number) {
    const { partSize } = this.plan!;
    const request = new XMLHttpRequest();
    const entry = { request, loaded: 0 };
    this.inFlight.set(n, entry);
    request.open("PUT", `${this.base}/${this.id}/parts/${n}`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      entry.loaded = event.loaded;
      this.report();
    };
    const retry = () => setTimeout(() => this.state === "uploading" && this.send(n, attempt + 1), 1000 * attempt);
    request.onload = () => {
      if (this.inFlight.get(n) !== entry) return;
      this.inFlight.delete(n);
      if (request.status === 200) {
        this.done.add(n);
        this.report();
        this.pump();
        return;
      }
      // A server that was busy or restarting (5xx, 429) is asked again, as a dropped connection is: a part sent twice is the same part.
      if ((request.status >= 500 || request.status === 429) && attempt < TRIES && this.state === "uploading") {
        retry();
        return;
      }
      const answer = (request.response ?? {}) as { message?: string };
      this.fail(answer.message ?? "A part of the file was refused.", request.status === 410 || request.status === 422);
    };
    request.onerror = () => {
      if (this.inFlight.get(n) !== entry) return;
      this.inFlight.delete(n);
      if (attempt < TRIES && this.state === "uploading") retry();
      else this.fail("The upload was interrupted. Check your connection, then resume.");
    };
    request.send(this.file.slice((n - 1) * partSize, (n - 1) * partSize + this.partLength(n)));
  }

  private async complete() {
    if (this.state !== "uploading") return;
    this.state = "completing";
    this.report();
    const { status, body } = await call<{ data: ServerUpload }>(`${this.base}/${this.id}/complete`, { method: "POST" }).catch(() => ({
      status: 0,
      body: { message: "The upload could not be completed. Check your connection, then resume." } as { data: ServerUpload; message?: string },
    }));
    if (status !== 200) {
      this.fail(body.message ?? "The upload could not be completed.");
      return;
    }
    remember(this.key, null);
    this.state = "done";
    this.report();
    this.finished?.resolve(this.id!);
  }

  /** Stops with a message; `final` when the server refused the file (nothing to resume). */
  private fail(message: string, final = false) {
    for (const { request } of this.inFlight.values()) request.abort();
    this.inFlight.clear();
    this.message = message;
    this.state = final ? "cancelled" : "failed";
    if (final) {
      remember(this.key, null);
      this.finished?.reject(new Error(message));
    }
    this.report();
  }
}
