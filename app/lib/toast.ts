export type ToastKind = "success" | "error";
export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
}

/** SPEC §9: toasts close themselves after 5 seconds. */
export const TOAST_DURATION_MS = 5000;
