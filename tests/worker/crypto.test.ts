import { describe, expect, it } from "vitest";
import { sha256Hex, toHex } from "../../worker/src/auth/crypto";

/** Session tokens are stored and found by their SHA-256 in hex: the digest must be the standard one. */
describe("token hashing", () => {
  it("is SHA-256 in lower-case hex (FIPS 180-2 test vectors)", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("writes every byte as two hex digits", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = toHex(all);
    expect(hex).toHaveLength(512);
    expect(hex.slice(0, 8)).toBe("00010203");
    expect(hex.slice(-4)).toBe("feff");
    expect(toHex(all.buffer)).toBe(hex);
  });
});
