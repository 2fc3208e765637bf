import { Link } from "@remix-run/react";

export function Logo({ to = "/home", inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link to={to} className="flex shrink-0 items-center gap-2 font-bold tracking-tight" aria-label="Reelcraft home">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d="M12 9v14l11-7z" fill="#fff" />
      </svg>
      <span className={`text-lg ${inverted ? "text-white" : "text-slate-900"}`}>Reelcraft</span>
    </Link>
  );
}
