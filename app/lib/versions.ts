/** The version an order page shows: `?version={id}` when it is one of the order's, else the newest (newest first); `?compare=a,b` two of them side by side. The page and its loader read it alike. */
export function chosenVersions(deliveries: { id: number }[], params: URLSearchParams) {
  const ids = new Set(deliveries.map((d) => d.id));
  const asked = Number(params.get("version"));
  const compare = (params.get("compare") ?? "")
    .split(",")
    .map(Number)
    .filter((id) => ids.has(id));
  return {
    selectedId: ids.has(asked) ? asked : (deliveries[0]?.id ?? null),
    compare: compare.length === 2 && compare[0] !== compare[1] ? (compare as [number, number]) : null,
  };
}
