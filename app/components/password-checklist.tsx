import { useState } from "react";
import { Field, type FieldMeta } from "~/components/ui/form";
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES, passwordStrength } from "~/lib/schemas/auth";

/** The new-password input's border by strength (SPEC §5). */
const STRENGTH_BORDER = {
  red: "border-red-600 focus:ring-red-200",
  yellow: "border-amber-500 focus:ring-amber-200",
  green: "border-emerald-600 focus:ring-emerald-200",
};

/** Live checklist of the five signup password rules (SPEC §2, §5). */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} data-met={met} className={`flex items-center gap-2 ${met ? "text-emerald-700" : "text-slate-600"}`}>
            <span
              aria-hidden="true"
              className={`flex size-4 items-center justify-center rounded-full text-[10px] ${met ? "bg-emerald-600 text-white" : "border border-slate-400"}`}
            >
              {met ? "✓" : ""}
            </span>
            {rule.label}
            <span className="sr-only">{met ? "(met)" : "(not met)"}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A new password's input (signup, reset): the border shows its strength, the checklist its rules, live. */
export function NewPasswordField({ label, meta, error }: { label: string; meta: FieldMeta; error: string | undefined }) {
  const [password, setPassword] = useState("");
  const strength = passwordStrength(password);
  return (
    <Field
      label={label}
      meta={meta}
      error={error}
      type="password"
      autoComplete="new-password"
      maxLength={PASSWORD_MAX_LENGTH}
      onChange={(e) => setPassword(e.target.value)}
      data-strength={password ? strength.colour : undefined}
      inputClassName={
        password ? STRENGTH_BORDER[strength.colour] : error ? STRENGTH_BORDER.red : "border-slate-300 focus:border-brand-600 focus:ring-brand-200"
      }
      hint={<PasswordChecklist id={`${meta.id}-rules`} password={password} />}
    />
  );
}
