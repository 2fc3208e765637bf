import type { ReactNode } from "react";

/**
 * A table that may scroll sideways on narrow screens, with a shadow on the side that has more to see.
 * The scroll box is a labelled region that
 * keyboard users can focus and scroll with the arrow keys (WCAG 2.1.1), even when the table
 * holds nothing focusable.
 */
export function TableScroller({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`scroll-shadow-x overflow-x-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </div>
  );
}
