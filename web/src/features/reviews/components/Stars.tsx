/** A rating of 1 to 5 as stars, read out as its words ("4 out of 5"). */
export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="whitespace-nowrap text-warning">
      {"★".repeat(rating)}
      <span className="text-base-content/30">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
