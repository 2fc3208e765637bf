import { PASSWORD_RULES } from "~/lib/schemas/auth";

/** The new-password input's border by strength (SPEC §5), for the signup and reset pages. */
export const STRENGTH_BORDER = {
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
