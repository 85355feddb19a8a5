/**
 * Where an endpoint may point (decision 0024): deployed, an https address whose host is public, by its
 * name and by every address DNS gives it; a private, link-local or loopback one is refused, so an admin
 * cannot aim the Worker at an internal service. WEBHOOK_ALLOW_LOOPBACK ("true" for `npm start` and the
 * tests) also admits http(s)://127.0.0.1, for a local receiver.
 */
export type AddressProblem = "invalid" | "not_https" | "private" | "unresolved";

export interface AddressPolicy {
  allowLoopback: boolean;
  /** The host's A and AAAA addresses (default: DNS over HTTPS). */
  resolve?: (host: string) => Promise<string[]>;
}

const PRIVATE_V4: ReadonlyArray<[number, number]> = [
  [0x00000000, 8], // "this network"
  [0x0a000000, 8],
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8],
  [0xa9fe0000, 16], // link-local, cloud metadata
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15], // benchmarking
  [0xe0000000, 3], // multicast and reserved, broadcast
];

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** Whether an IP address (v4, or v6 with or without brackets) is not a public one. */
export function isPrivateAddress(address: string): boolean {
  const v4 = v4Number(address);
  if (v4 !== null)
    return PRIVATE_V4.some(([base, bits]) => Math.floor(v4 / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
  const v6 = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (v6 === "::" || v6 === "::1") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return isPrivateAddress(mapped[1]!);
  // The URL parser writes a mapped v4 in hex (::ffff:7f00:1).
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (mappedHex) {
    const n = parseInt(mappedHex[1]!, 16) * 65536 + parseInt(mappedHex[2]!, 16);
    return isPrivateAddress([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join("."));
  }
  // Unique local fc00::/7, link-local fe80::/10, multicast ff00::/8, and anything not written as v6.
  return /^f[cd]|^fe[89ab]|^ff/.test(v6) || !v6.includes(":");
}

const isIpLiteral = (host: string) => v4Number(host) !== null || host.startsWith("[");
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa|lan)$/;

/** A and AAAA answers from Cloudflare's DNS over HTTPS (the Worker has no resolver of its own). */
async function resolveOverHttps(host: string): Promise<string[]> {
  const answers = await Promise.all(
    ["A", "AAAA"].map(async (type) => {
      const response = await fetch(`https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(host)}&type=${type}`, {
        headers: { accept: "application/dns-json" },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return [];
      const { Answer = [] } = (await response.json()) as { Answer?: Array<{ type: number; data: string }> };
      return Answer.filter((a) => a.type === 1 || a.type === 28).map((a) => a.data);
    }),
  );
  return answers.flat();
}

/** Why the Worker may not deliver to `url`, or null when it may. */
export async function addressProblem(url: string, policy: AddressPolicy): Promise<AddressProblem | null> {
  if (!URL.canParse(url)) return "invalid";
  const parsed = new URL(url);
  if (parsed.username || parsed.password) return "invalid";
  if (policy.allowLoopback && parsed.hostname === "127.0.0.1" && ["http:", "https:"].includes(parsed.protocol)) return null;
  if (parsed.protocol !== "https:") return "not_https";
  const host = parsed.hostname.toLowerCase();
  if (isIpLiteral(host)) return isPrivateAddress(host) ? "private" : null;
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return "private";
  let addresses: string[];
  try {
    addresses = await (policy.resolve ?? resolveOverHttps)(host);
  } catch {
    return "unresolved";
  }
  if (addresses.length === 0) return "unresolved";
  return addresses.some(isPrivateAddress) ? "private" : null;
}
