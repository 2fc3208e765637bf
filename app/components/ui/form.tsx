import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  initialValue?: unknown;
}

const inputClass =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:bg-slate-50";

type FieldFrameProps = { label: ReactNode; meta: FieldMeta; error?: string | undefined; hint?: ReactNode; className?: string };

/** What every labelled control shares: its label, hint and error, and the attributes that tie them to it. */
function FieldFrame({ label, meta, error, hint, className = "", control }: FieldFrameProps & { control: (wiring: ControlWiring) => ReactNode }) {
  const describedBy = [error ? meta.errorId : null, hint ? `${meta.id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id: meta.id,
        name: meta.name,
        defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {/* A plain-text hint reads as one (small, muted); a richer one brings its own look. */}
      {hint ? <div id={`${meta.id}-hint`}>{typeof hint === "string" ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : hint}</div> : null}
      <FieldError id={meta.errorId} error={error} />
    </div>
  );
}

type ControlWiring = { id: string; name: string; defaultValue: string | undefined; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

const stateClass = (error: string | undefined) =>
  error ? "border-red-600 focus:ring-red-200" : "border-slate-300 focus:border-brand-600 focus:ring-brand-200";

/** A labelled input wired for assistive technology: aria-invalid and aria-describedby follow the error. */
export function Field({
  label,
  meta,
  error,
  hint,
  className,
  inputClassName,
  ...input
}: FieldFrameProps & { inputClassName?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  return (
    <FieldFrame
      label={label}
      meta={meta}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => <input {...wiring} className={`${inputClass} ${inputClassName ?? stateClass(error)}`} {...input} />}
    />
  );
}

/** The same as `Field`, for several lines of text. */
export function TextAreaField({
  label,
  meta,
  error,
  hint,
  className,
  ...textarea
}: FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">) {
  return (
    <FieldFrame
      label={label}
      meta={meta}
      error={error}
      hint={hint}
      className={className}
      control={(wiring) => <textarea {...wiring} className={`${inputClass} ${stateClass(error)}`} {...textarea} />}
    />
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
      {error}
    </p>
  );
}

/** Form-level error (server message), announced to screen readers. */
/** What an action refused, under the one key every screen answers it with (`refused`: refusedData in app/http/screen-refusal.server.ts). */
export function Refused({ id, message, className = "" }: { id?: string; message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 ${className}`}>
      {message}
    </p>
  );
}

export function FormError({ id, errors }: { id?: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {errors.join(", ")}
    </div>
  );
}

const BUTTON_TONES = {
  /** The page's main action. */
  primary: { button: "bg-brand-700 text-white shadow-sm hover:bg-brand-800", spinner: "border-white/40 border-t-white" },
  /** An action that cannot be undone (a refund), kept out of the eye's first reach. */
  danger: { button: "bg-white text-red-700 ring-1 ring-red-300 hover:bg-red-50", spinner: "border-red-200 border-t-red-700" },
  /** The other way out beside the main action (approve and stop, beside approve and continue). */
  secondary: { button: "bg-white text-emerald-900 ring-1 ring-emerald-700 hover:bg-emerald-50", spinner: "border-emerald-200 border-t-emerald-800" },
  /** A confirmed action that cannot be undone. */
  "danger-primary": { button: "bg-red-700 text-white shadow-sm hover:bg-red-800", spinner: "border-white/40 border-t-white" },
} as const;

export function SubmitButton({
  busy,
  busyText,
  children,
  className = "",
  tone = "primary",
  ...rest
}: { busy: boolean; busyText: string; children: ReactNode; tone?: keyof typeof BUTTON_TONES } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      disabled={busy || rest.disabled}
      aria-disabled={busy || undefined}
      className={`inline-flex w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold disabled:cursor-wait disabled:opacity-70 ${BUTTON_TONES[tone].button} ${className}`}
      {...rest}
    >
      {busy ? (
        <>
          <span aria-hidden="true" className={`size-4 animate-spin rounded-full border-2 ${BUTTON_TONES[tone].spinner}`} />
          {busyText}
        </>
      ) : (
        children
      )}
    </button>
  );
}

type PasswordFieldMeta = FieldMeta & { errors?: string[] | undefined };

/** The three fields of a password change (customer and admin screens alike). */
export function PasswordChangeFields({
  fields,
  error,
}: {
  fields: { current_password: PasswordFieldMeta; password: PasswordFieldMeta; password_confirmation: PasswordFieldMeta };
  error: (field: PasswordFieldMeta) => string | undefined;
}) {
  return (
    <>
      <Field label="Current password" meta={fields.current_password} error={error(fields.current_password)} type="password" autoComplete="current-password" />
      <Field label="New password" meta={fields.password} error={error(fields.password)} type="password" autoComplete="new-password" />
      <Field
        label="Confirm new password"
        meta={fields.password_confirmation}
        error={error(fields.password_confirmation)}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
