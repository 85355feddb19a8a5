import { sql, type SqlBool } from "kysely";
import { bindingOf, runBatch, type DB } from "../../db";

/** The most rows each figure reads (decision 0002's read budget): past it the count is a lower bound. */
const CAP = 1000;

/**
 * The CRM dashboard's support figures in one round trip: open and pending tickets (tickets_unclosed), and
 * the median minutes from opening to staff's first public answer over the last 30 days (tickets_opened).
 */
export async function supportFigures(db: DB) {
  const open = db
    .selectFrom(
      db
        .selectFrom("tickets")
        .select(sql<number>`1`.as("one"))
        // A literal, not a parameter: SQLite proves a partial index's WHERE only from literals.
        .where("draft", "=", 0)
        .where("status", "<>", sql.lit("closed"))
        .limit(sql.lit(CAP + 1))
        .as("o"),
    )
    .select(sql<number>`count(*)`.as("n"));
  const answered = db
    .selectFrom("tickets")
    .select(sql<number>`(julianday(firstResponseAt) - julianday(createdAt)) * 1440`.as("minutes"))
    // `+draft`: not an index term, so the window walks tickets_opened rather than tickets_recent.
    .where(sql<SqlBool>`+draft = 0`)
    .where("createdAt", ">=", sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')`)
    .where("firstResponseAt", "is not", null)
    .orderBy("createdAt", "desc")
    .limit(sql.lit(CAP));
  const [counted, times] = await runBatch<Record<string, number>>(bindingOf(db), [open, answered]);
  const n = Number(counted?.results[0]?.n ?? 0);
  const minutes = (times?.results ?? []).map((r) => Number(r.minutes)).sort((a, b) => a - b);
  const middle = Math.floor(minutes.length / 2);
  const median =
    minutes.length === 0 ? null : minutes.length % 2 ? minutes[middle]! : (minutes[middle - 1]! + minutes[middle]!) / 2;
  return {
    openTickets: Math.min(n, CAP),
    openTicketsCapped: n > CAP,
    answeredTickets: minutes.length,
    medianFirstResponseMinutes: median === null ? null : Math.round(median * 10) / 10,
  };
}
