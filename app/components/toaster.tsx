import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { TOAST_DURATION_MS, type Toast, type ToastKind } from "~/lib/toast";

const Context = createContext<(kind: ToastKind, message: string) => void>(() => {});

/** Toasts at the top right that close after 5 s (SPEC §2, §9); `initial` are the server's flash toasts. */
export function Toaster({ initial, children }: { initial: Toast[]; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>(initial);
  const seen = useRef(new Set(initial.map((t) => t.id)));
  useEffect(() => {
    const fresh = initial.filter((t) => !seen.current.has(t.id));
    fresh.forEach((t) => seen.current.add(t.id));
    if (fresh.length) setToasts((current) => [...current, ...fresh]);
  }, [initial]);
  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const push = useCallback((kind: ToastKind, message: string) => {
    const id = crypto.randomUUID();
    seen.current.add(id);
    setToasts((current) => [...current, { id, kind, message }]);
  }, []);
  return (
    <Context.Provider value={push}>
      {children}
      <ol aria-label="Notifications" className="pointer-events-none fixed top-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={dismiss} />
        ))}
      </ol>
    </Context.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  const error = toast.kind === "error";
  return (
    <li className="pointer-events-auto">
      <div
        role={error ? "alert" : "status"}
        data-kind={toast.kind}
        className={`flex items-start gap-3 rounded-xl border p-4 text-sm shadow-lg ${error ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
      >
        <span className="flex-1">{toast.message}</span>
        <button
          type="button"
          onClick={() => onClose(toast.id)}
          className="-my-1 inline-flex size-7 shrink-0 items-center justify-center rounded font-bold opacity-70 hover:opacity-100"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">Dismiss notification</span>
        </button>
      </div>
    </li>
  );
}

export function useToast() {
  return useContext(Context);
}

export function useToastApi() {
  const push = useToast();
  return useMemo(() => ({ success: (m: string) => push("success", m), error: (m: string) => push("error", m) }), [push]);
}
