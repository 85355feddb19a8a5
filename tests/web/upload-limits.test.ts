import { describe, expect, it } from "vitest";
import { TICKET_ATTACHMENTS_MAX, TICKET_ATTACHMENTS_TOTAL, UPLOAD_MAX } from "../../worker/src/contract/uploads";
import { AVATAR_MAX_BYTES } from "../../web/src/features/account/api";
import { PROOF_MAX_BYTES } from "../../web/src/features/payment/api";
import { ATTACHMENT_LIMITS } from "../../web/src/features/support/api";

// The pages check a file's size before sending it so the user hears at once; the Worker checks again by
// the bytes. The web may import the contract's types only, so its copies of the limits are held here.
describe("the pages' upload limits are the Worker's", () => {
  it("an avatar, a proof of transfer", () => {
    expect(AVATAR_MAX_BYTES).toBe(UPLOAD_MAX.image);
    expect(PROOF_MAX_BYTES).toBe(UPLOAD_MAX.proof);
  });

  it("a ticket message's files", () => {
    expect(ATTACHMENT_LIMITS).toEqual({
      count: TICKET_ATTACHMENTS_MAX,
      each: UPLOAD_MAX.ticketFile,
      total: TICKET_ATTACHMENTS_TOTAL,
    });
  });
});
