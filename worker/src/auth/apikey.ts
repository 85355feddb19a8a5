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

/** The agent behind a bearer key, or null; last use is recorded without holding up the answer. */
export async function loadAgent(d1: D1Database, key: string, exec: ExecutionContext): Promise<AgentPrincipal | null> {
  if (!key.startsWith(PREFIX)) return null;
  const keyHash = await sha256Hex(key);
  const found = await d1
    .prepare("SELECT apiKeyId, keyName FROM api_keys WHERE keyHash = ?1 AND revokedAt IS NULL")
    .bind(keyHash)
    .first<AgentPrincipal>();
  if (found) {
    exec.waitUntil(
      d1.prepare("UPDATE api_keys SET lastUsedAt = ?1 WHERE apiKeyId = ?2").bind(new Date().toISOString(), found.apiKeyId).run(),
    );
  }
  return found;
}
