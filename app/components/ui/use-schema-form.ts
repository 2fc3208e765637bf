import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useCallback, useState, type FormEvent } from "react";
import type { z } from "zod";

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

/**
 * The one way a screen sets up a form: Conform validating with `schema` (the schema the action
 * parses with), errors that clear as the person types in that field, and what goes on the <Form>.
 * `formProps` carries the id, `noValidate` and the input/submit handlers; `error(field)` is the
 * field's visible message; `visible` is the same for fields read by name.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null | undefined;
    defaultValue?: Parameters<typeof useForm<z.input<Schema>>>[0]["defaultValue"];
    shouldValidate?: "onSubmit" | "onBlur" | "onInput";
    shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
    /** Whether the browser's own constraint attributes (required, minLength…) are derived from the schema. */
    constraint?: boolean;
    /** Runs after the form's own submit handling, with the submit event (e.g. to submit through a fetcher instead). */
    onSubmit?: Parameters<typeof useForm<z.input<Schema>>>[0]["onSubmit"];
    /** Runs when the form is submitted, before validation (e.g. to forget an earlier answer). */
    beforeSubmit?: () => void;
  } = {},
) {
  const { constraint = true, beforeSubmit, shouldValidate = "onSubmit", shouldRevalidate = "onSubmit", ...rest } = options;
  const clear = useErrorsClearOnInput();
  const [form, fields] = useForm<z.input<Schema>>({
    ...rest,
    shouldValidate,
    shouldRevalidate,
    constraint: constraint ? getZodConstraint(schema) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
