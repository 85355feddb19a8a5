import type { AppRule } from "./ability";
import { randomToken, sha256Hex } from "./crypto";

/** An automation agent authenticated by an API key. */
export interface AgentPrincipal {
  apiKeyId: number;
  keyName: string;
}

/** What an agent key may do: take queued jobs and finish them. */
export const AGENT_RULES: AppRule[] = [
  { action: "claim", subject: "History" },
  { action: "update", subject: "History" },
];

const PREFIX = "pk_";

export async function newApiKey(): Promise<{ key: string; keyPrefix: string; keyHash: string }> {
  const key = PREFIX + randomToken(32);
  return { key, keyPrefix: key.slice(0, 10), keyHash: await sha256Hex(key) };
}

/** A key's last use is recorded at most once a minute: an agent's calls come in bursts, each write is billed. */
const TOUCH_EVERY_MS = 60_000;

/** The agent behind a bearer key, or null; last use is recorded without holding up the answer. */
export async function loadAgent(d1: D1Database, key: string, exec: ExecutionContext): Promise<AgentPrincipal | null> {
  if (!key.startsWith(PREFIX)) return null;
  const keyHash = await sha256Hex(key);
  const found = await d1
    .prepare("SELECT apiKeyId, keyName, lastUsedAt FROM api_keys WHERE keyHash = ?1 AND revokedAt IS NULL")
    .bind(keyHash)
    .first<AgentPrincipal & { lastUsedAt: string | null }>();
  if (!found) return null;
  const now = Date.now();
  if (found.lastUsedAt === null || now - Date.parse(found.lastUsedAt) >= TOUCH_EVERY_MS) {
    exec.waitUntil(
      d1
        .prepare("UPDATE api_keys SET lastUsedAt = ?1 WHERE apiKeyId = ?2 AND (lastUsedAt IS NULL OR lastUsedAt < ?3)")
        .bind(new Date(now).toISOString(), found.apiKeyId, new Date(now - TOUCH_EVERY_MS).toISOString())
        .run(),
    );
  }
  return { apiKeyId: found.apiKeyId, keyName: found.keyName };
}
