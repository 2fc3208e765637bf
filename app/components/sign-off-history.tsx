type SignOff = { decision: "approve" | "withdraw" | "no_response"; by: "customer" | "guest"; name: string | null; version: number; created_at: string };

const timeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** Who approved which version, withdrew an approval or never answered, oldest first (an order made in one piece; stages show theirs per stage). */
export function SignOffHistory({ signOffs }: { signOffs: SignOff[] }) {
  if (signOffs.length === 0) return null;
  const who = (s: SignOff) => (s.by === "customer" ? "You" : `${s.name ?? "Former guest"} (approver)`);
  return (
    <section aria-labelledby="sign-offs-title" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="sign-offs-title" className="text-lg font-semibold">
        Sign-off history
      </h2>
      <ol className="mt-2 space-y-1 text-sm text-slate-700">
        {signOffs.map((s, i) => (
          <li key={i}>
            <time dateTime={s.created_at}>{timeFormat.format(new Date(s.created_at))}</time>
            {`: ${who(s)} ${s.decision === "approve" ? "approved" : s.decision === "withdraw" ? "withdrew the approval of" : "did not answer on"} v${s.version}`}
          </li>
        ))}
      </ol>
    </section>
  );
}
