const DAY_MS = 86_400_000;

/** What a plan change costs, in the portal's minor units (decision 0027). */
export interface Proration {
  /** The new item's price. */
  price: number;
  /** Whole days left on the current subscription: the day under way counts as used. */
  daysLeft: number;
  /** The unused share of the current item: price × daysLeft / duration, rounded down to the minor unit. */
  credit: number;
  /** What the client pays: price less credit, never below zero. */
  amount: number;
  /** A credit larger than the price: the difference, kept as points. */
  points: number;
}

export interface ProrationInput {
  current: { price: number; duration: number; endsAt: string };
  next: { price: number };
  now: Date;
  /** The best points-per-minor-unit rate of the bundles on sale; 1 with none. */
  pointsPerMinorUnit: number;
}

/**
 * The proration of decision 0027. Rounding is down at both steps (the credit to the minor unit, the
 * points to a whole point), so a change never credits more than the unused days are worth.
 */
export function prorate({ current, next, now, pointsPerMinorUnit }: ProrationInput): Proration {
  const msLeft = Date.parse(current.endsAt) - now.getTime();
  const daysLeft = Math.max(0, Math.floor(msLeft / DAY_MS));
  const credit = current.duration > 0 ? Math.floor((current.price * daysLeft) / current.duration) : 0;
  const amount = Math.max(0, next.price - credit);
  const points = Math.floor(Math.max(0, credit - next.price) * pointsPerMinorUnit);
  return { price: next.price, daysLeft, credit, amount, points };
}

/** The most generous points-per-minor-unit of the bundles on sale (one point per minor unit without any). */
export function bestPointsRate(bundles: Array<{ bundlePoin: number; bundlePrice: number }>): number {
  const rates = bundles.filter((b) => b.bundlePrice > 0 && b.bundlePoin > 0).map((b) => b.bundlePoin / b.bundlePrice);
  return rates.length ? Math.max(...rates) : 1;
}
