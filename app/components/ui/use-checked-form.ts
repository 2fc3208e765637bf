import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useCallback, useState, type FormEvent } from "react";

/**
 * SPEC §5: "Field errors clear as the user types in that field." Tracks the fields typed in since
 * the last submit; their errors are hidden until the next submit validates again.
 */
export function useErrorsClearOnInput() {
  const [typed, setTyped] = useState<ReadonlySet<string>>(new Set());
  const onInput = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) setTyped((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
  }, []);
  const onSubmit = useCallback(() => setTyped(new Set()), []);
  const visible = useCallback((name: string, errors: string[] | undefined) => (typed.has(name) ? undefined : errors?.[0]), [typed]);
  return { onInput, onSubmit, visible };
}

type FormOptions<Shape extends Record<string, unknown>> = Parameters<typeof useForm<Shape>>[0];

/**
 * What the browser checks before a form is sent: Conform's `onValidate` and the constraint
 * attributes (required, maxLength…), both derived from the action's schema by `schemaCheck`
 * (use-schema-form.ts, which brings Zod with it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a check is made for any form's shape
export interface BrowserCheck<Shape extends Record<string, unknown> = any> {
  onValidate: NonNullable<FormOptions<Shape>["onValidate"]>;
  constraint: FormOptions<Shape>["constraint"];
}

export interface CheckedFormOptions<Shape extends Record<string, unknown>> {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: FormOptions<Shape>["defaultValue"];
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
  /**
   * The browser's check before sending; without one the form is sent as it is and the server's
   * answer (`lastResult`) shows the errors, as it does before JavaScript loads. Pages whose
   * JavaScript budget cannot carry Zod (docs/perf.md) leave it out.
   */
  check?: BrowserCheck;
  /** Runs after the form's own submit handling, with the submit event (e.g. to submit through a fetcher instead). */
  onSubmit?: FormOptions<Shape>["onSubmit"];
  /** Runs when the form is submitted, before validation (e.g. to forget an earlier answer). */
  beforeSubmit?: () => void;
}

/**
 * The one way a screen sets up a form: Conform, checked in the browser when given a `check` and
 * always by the action, with errors that clear as the person types in that field, and what goes on
 * the <Form>. `formProps` carries the id, `noValidate` and the input/submit handlers;
 * `error(field)` is the field's visible message; `visible` is the same for fields read by name.
 */
export function useCheckedForm<Shape extends Record<string, unknown>>(options: CheckedFormOptions<Shape> = {}) {
  const { check, beforeSubmit, shouldValidate = "onSubmit", shouldRevalidate = "onSubmit", ...rest } = options;
  const clear = useErrorsClearOnInput();
  const [form, fields] = useForm<Shape>({
    ...rest,
    shouldValidate,
    shouldRevalidate,
    constraint: check?.constraint,
    onValidate: check?.onValidate,
  });
  const formProps = {
    ...getFormProps(form),
    onInput: clear.onInput,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      clear.onSubmit();
      beforeSubmit?.();
      form.onSubmit(event);
    },
  };
  const error = (field: { name: string; errors?: string[] | undefined }) => clear.visible(field.name, field.errors);
  return { form, fields, formProps, error, visible: clear.visible };
}
