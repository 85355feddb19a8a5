import { formatNumber } from "../lib/format";

export interface PagingInput {
  page: number;
  limit: number;
  total: number;
  /** `total` is a lower bound (a large table counts up to a cap). */
  totalCapped?: boolean;
  /** Rows on this page; with a capped total, a full page means there may be a next one. */
  count: number;
}

export interface Paging {
  from: number;
  to: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The total as shown: "31", or "1,000+" when capped (the "+" in every language). */
  totalText: string;
  /** The number of pages as shown: "3", or "100+" when capped. */
  pagesText: string;
}

/**
 * Where a page sits in its list, for the table footer and the card pager. A capped total keeps
 * paging while pages come back full, and never shows less than what was already paged through.
 */
export function paging({ page, limit, total, totalCapped = false, count }: PagingInput): Paging {
  const offset = (page - 1) * limit;
  if (!totalCapped) {
    const pages = Math.max(1, Math.ceil(total / limit));
    return {
      from: total === 0 ? 0 : offset + 1,
      to: Math.min(total, offset + limit),
      hasPrevious: page > 1,
      hasNext: page < pages,
      totalText: formatNumber(total),
      pagesText: formatNumber(pages),
    };
  }
  const to = offset + count;
  return {
    from: count === 0 ? 0 : offset + 1,
    to,
    hasPrevious: page > 1,
    hasNext: count >= limit,
    totalText: `${formatNumber(Math.max(total, to))}+`,
    pagesText: `${formatNumber(Math.max(Math.ceil(total / limit), page))}+`,
  };
}
