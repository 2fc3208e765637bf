/**
 * Conform's `parseWithZod` for actions, bounded by the schema before any value is built. Screens call
 * `parseSubmission` instead of `parseWithZod` on the server.
 *
 * Conform builds its payload from field names: `x[4294967294]=1` would make it allocate an array of
 * that length (and echo it back in the reply), which once took a Worker down. So every field name
 * is first read against the schema, without building anything: a name must be one the schema
 * declares (or one the action reads itself, `allow`), each `[index]` must be below its list's
 * maximum length (FORM_LIST_MAX where the schema names none), and a name may repeat only where the
 * schema takes a list. Anything else is refused with a fast 400 (`FormRefusal`), counted towards
 * the client's refusals (server.ts). Conform's own `__intent__` (its list and validation buttons)
 * is held to the same rules.
 *
 * The reply, which echoes what was typed back into the form, gives a list field a list (however
 * it was sent) and never echoes more of a field than its schema allows (a 100 KB "email" comes back as its first 254 characters), and never more than
 * ECHO_LIMIT of a field the schema does not bound.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { noteRefusal } from "./refusals.server";

/** The longest text any screen form takes (a product description). */
export const ECHO_LIMIT = 5000;
/** The most items of a list whose schema sets no maximum (more than any screen form shows). */
export const FORM_LIST_MAX = 100;
/** How deep a field name may go (`packages[0].items_included[3]` is 3). */
const MAX_DEPTH = 6;
/** Conform's own fields: its buttons' intent and its serialized state. */
const CONFORM_FIELDS = new Set(["__intent__", "__state__"]);

type Echo = Record<string, unknown>;
type Segment = string | number;

/** A screen post this action cannot have been sent by its form: answered 400 before any value is built. */
export function unreadableForm(message = "The form could not be understood. Please reload the page and try again."): Response {
  noteRefusal(400, message);
  return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}/;
const STEP = /^(?:\.([A-Za-z_][A-Za-z0-9_-]{0,63})|\[(\d{1,6})\])/;

/** A field name's path (`comments[2].text` → comments, 2, text), or null for anything else. */
export function fieldPath(name: string): Segment[] | null {
  const head = NAME.exec(name);
  if (!head) return null;
  const path: Segment[] = [head[0]];
  let rest = name.slice(head[0].length);
  while (rest) {
    const step = STEP.exec(rest);
    if (!step || path.length >= MAX_DEPTH) return null;
    path.push(step[1] ?? Number(step[2]));
    rest = rest.slice(step[0].length);
  }
  return path;
}

type ZodDef = {
  typeName?: string;
  schema?: z.ZodTypeAny;
  innerType?: z.ZodTypeAny;
  type?: z.ZodTypeAny;
  in?: z.ZodTypeAny;
  out?: z.ZodTypeAny;
  left?: z.ZodTypeAny;
  right?: z.ZodTypeAny;
  options?: readonly z.ZodTypeAny[] | Map<unknown, z.ZodTypeAny>;
  shape?: () => Record<string, z.ZodTypeAny>;
  getter?: () => z.ZodTypeAny;
  valueType?: z.ZodTypeAny;
  maxLength?: { value: number } | null;
  exactLength?: { value: number } | null;
};

/** What a path names in a schema: nothing, a single value, or a list (whose name may repeat). */
type Fit = "none" | "value" | "list";

function best(a: Fit, b: Fit): Fit {
  if (a === "list" || b === "list") return "list";
  return a === "value" || b === "value" ? "value" : "none";
}

/** The longest list a schema allows: the smallest maximum it states, else FORM_LIST_MAX. */
function listMax(def: ZodDef): number {
  return Math.min(def.maxLength?.value ?? FORM_LIST_MAX, def.exactLength?.value ?? FORM_LIST_MAX, FORM_LIST_MAX);
}

/** Whether `path` (from `at`) names something `schema` takes, reading the schema only. */
function fit(schema: z.ZodTypeAny, path: readonly Segment[], at: number, depth = 0): Fit {
  if (depth > 32) return "none";
  const def = schema._def as ZodDef;
  const next = (inner: z.ZodTypeAny | undefined) => (inner ? fit(inner, path, at, depth + 1) : "none");
  switch (def.typeName) {
    case "ZodEffects":
      return next(def.schema);
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodCatch":
    case "ZodReadonly":
      return next(def.innerType);
    case "ZodBranded":
      return next(def.type);
    case "ZodLazy":
      return next(def.getter?.());
    case "ZodPipeline":
      // The form sends what the pipeline's input takes.
      return next(def.in);
    case "ZodUnion":
    case "ZodDiscriminatedUnion": {
      const options = def.options instanceof Map ? [...def.options.values()] : (def.options ?? []);
      return options.reduce<Fit>((found, option) => best(found, next(option)), "none");
    }
    case "ZodIntersection":
      return best(next(def.left), next(def.right));
    case "ZodObject": {
      if (at === path.length) return "value";
      const key = path[at];
      const shape = def.shape?.() ?? {};
      if (typeof key !== "string" || !Object.hasOwn(shape, key)) return "none";
      return fit(shape[key]!, path, at + 1, depth + 1);
    }
    case "ZodRecord": {
      if (at === path.length) return "value";
      return typeof path[at] === "string" && def.valueType ? fit(def.valueType, path, at + 1, depth + 1) : "none";
    }
    case "ZodArray": {
      if (at === path.length) return "list";
      const index = path[at];
      if (typeof index !== "number" || index >= listMax(def) || !def.type) return "none";
      return fit(def.type, path, at + 1, depth + 1);
    }
    case "ZodAny":
    case "ZodUnknown":
      // Whatever the schema's own code makes of it (one value or several, as the chips fields send):
      // the name may repeat, but goes no deeper.
      return at === path.length ? "list" : "none";
    default:
      // A value (string, number, file, enum, …): a name must end here.
      return at === path.length ? "value" : "none";
  }
}

/**
 * Why this form cannot have come from the form of `schema` (field names it does not declare, an
 * index past its list's maximum, a repeated single value), or null when it can. Reads names only.
 */
export function unexpectedFields(formData: FormData, schema: z.ZodTypeAny, allow: readonly string[] = []): string | null {
  const seen = new Map<string, Fit>();
  for (const name of formData.keys()) {
    if (CONFORM_FIELDS.has(name) || allow.includes(name)) continue;
    const known = seen.get(name);
    if (known === "value") return `"${name.slice(0, 60)}" is sent twice`;
    if (known === "list") continue;
    const path = fieldPath(name);
    const found = path ? fit(schema, path, 0) : "none";
    if (found === "none") return `"${name.slice(0, 60)}" is not a field of this form`;
    seen.set(name, found);
  }
  return null;
}

/** Conform's intents, and those that change a list (whose name must then be a list of the schema). */
const INTENT_TYPES = new Set(["validate", "update", "reset", "insert", "remove", "reorder"]);
const LIST_INTENTS = new Set(["insert", "remove", "reorder"]);
/** Conform's intents are small: a field's name, a position, at most a row's default value. */
const INTENT_MAX_CHARS = 4096;
const INTENT_MAX_NESTING = 8;

/** How deeply `[` and `{` nest in a JSON text (strings skipped), read without parsing it. */
function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") deepest = Math.max(deepest, ++depth);
    else if (c === "]" || c === "}") depth--;
  }
  return deepest;
}

/**
 * Whether a form's `__intent__` (Conform's list and validation buttons) is something Conform itself
 * would not have sent for this schema: Conform throws on malformed ones (a list intent on a field
 * that is not a list, a list intent without a name), would build a list up to any index an intent
 * names, and recurses through any value an intent carries.
 */
function forgedIntent(formData: FormData, schema: z.ZodTypeAny): boolean {
  const values = formData.getAll("__intent__");
  if (values.length === 0) return false;
  if (values.length > 1 || typeof values[0] !== "string") return true;
  const text = values[0];
  if (text.length > INTENT_MAX_CHARS || jsonNesting(text) > INTENT_MAX_NESTING) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  const control = parsed as { type?: unknown; payload?: unknown } | null;
  const payload = control?.payload as { name?: unknown; index?: unknown; from?: unknown; to?: unknown; value?: unknown } | null | undefined;
  if (typeof control?.type !== "string" || !INTENT_TYPES.has(control.type) || typeof payload !== "object" || payload === null) return true;
  const { name, index, from, to } = payload;
  if (name !== undefined && typeof name !== "string") return true;
  for (const position of [index, from, to])
    if (position !== undefined && !(Number.isInteger(position) && (position as number) >= 0 && (position as number) < FORM_LIST_MAX)) return true;
  const fitted = typeof name === "string" && name !== "" ? (fieldPath(name) ? fit(schema, fieldPath(name)!, 0) : "none") : null;
  if (fitted === "none") return true;
  // A list intent names a list; an update of the whole form (no name) would replace every value unchecked.
  if (LIST_INTENTS.has(control.type) && fitted !== "list") return true;
  if (control.type === "update" && fitted === null && payload.value !== undefined) return true;
  return false;
}

function bounded(value: unknown, max: number, depth = 0): unknown {
  if (typeof value === "string") return value.length > max ? value.slice(0, max) : value;
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.slice(0, FORM_LIST_MAX).map((item) => bounded(item, ECHO_LIMIT, depth + 1));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bounded(v, ECHO_LIMIT, depth + 1)]));
  return value;
}

/**
 * Parses a screen's form. Throws `unreadableForm()` (400, like Remix's own refusals) for a form its
 * page cannot have sent: a field the schema does not declare and the action does not read itself
 * (`allow`; `intent` always), a list index past the schema's maximum, or a forged `__intent__`.
 */
export function parseSubmission<Schema extends z.ZodTypeAny>(formData: FormData, options: { schema: Schema; allow?: readonly string[] }) {
  const { schema, allow = [] } = options;
  if (unexpectedFields(formData, schema, ["intent", ...allow]) !== null) throw unreadableForm();
  if (forgedIntent(formData, schema)) throw unreadableForm("The form's button could not be understood. Please try again.");
  const state = formData.get("__state__");
  if (state !== null) {
    try {
      if (typeof state !== "string" || typeof JSON.parse(state) !== "object") throw unreadableForm();
    } catch {
      throw unreadableForm();
    }
  }
  const submission = parseWithZod(formData, { schema });
  const constraint = getZodConstraint(schema) as Record<string, { maxLength?: number } | undefined>;
  const reply = submission.reply.bind(submission);
  submission.reply = ((replyOptions) => {
    const result = reply(replyOptions);
    if (!result.initialValue) return result;
    const echo: Echo = {};
    for (const [name, value] of Object.entries(result.initialValue)) {
      // A list sent under its bare name once (`references=…`, not `references[0]=…`) comes back a list:
      // the page's field list would otherwise fail to render.
      const listed = typeof value === "string" && fit(schema, [name], 0) === "list" ? [value] : value;
      echo[name] = bounded(listed, Math.min(constraint[name]?.maxLength ?? ECHO_LIMIT, ECHO_LIMIT));
    }
    return { ...result, initialValue: echo as typeof result.initialValue };
  }) as typeof submission.reply;
  return submission;
}
