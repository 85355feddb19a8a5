/// <reference types="vite/client" />
/**
 * Who each API call is for, written down by hand from the spec and API.md, one file per route file
 * (tests/worker/access/<feature>.ts). The permission matrix compares it with what the route table
 * declares, so a new call fails until its feature lists it, and a declaration that drifts from the
 * intended audience fails too.
 *
 * "public": anyone; "signedIn": any signed-in user (never an agent key); otherwise the built-in
 * principals the declared [action, subject] (and `agent`) lets through, joined by "+".
 */
export type Audience = "public" | "signedIn" | "admin" | "client+admin" | "agent+admin" | "client+agent+admin";

const features = import.meta.glob<Record<string, Audience>>("./access/*.ts", { eager: true, import: "access" });

/** Every feature's audiences; a call listed by two features is refused. */
export const ACCESS_TABLE: Record<string, Audience> = {};
for (const [file, access] of Object.entries(features)) {
  for (const [call, audience] of Object.entries(access)) {
    if (Object.hasOwn(ACCESS_TABLE, call)) throw new Error(`${call} is listed twice (again in ${file})`);
    ACCESS_TABLE[call] = audience;
  }
}
