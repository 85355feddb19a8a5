import { vi } from "vitest";

/** One request the Worker made to the mail API, as the stub saw it. */
export interface MailPost {
  to: string;
  subject: string;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
}

/** How the stub answers one request: a Response, after as long as it likes (or never, until aborted). */
export type MailAnswer = (post: MailPost, signal: AbortSignal | null) => Promise<Response>;

export const MAIL_SETTINGS = {
  MAIL_API_URL: "https://mail.stub.test/emails",
  MAIL_API_KEY: "stub-key",
  MAIL_FROM: "Portal <p@x.test>",
};

export const accept: MailAnswer = async () => Response.json({ id: crypto.randomUUID() });

/** Answers after `ms` (a slow API). */
export const slowly =
  (ms: number, then: MailAnswer = accept): MailAnswer =>
  (post, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(then(post, signal)), ms);
      signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });

/** Never answers: only the caller's timeout ends the request (a hanging API). */
export const hang: MailAnswer = (_post, signal) =>
  new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));

export const status =
  (code: number): MailAnswer =>
  async () =>
    Response.json({ message: "stub refusal" }, { status: code });

/**
 * A Resend-like mail API standing in for fetch: records every request and, as Resend does with an
 * Idempotency-Key it has seen, answers a repeat without sending the mail again. `delivered` holds the
 * mails that really went out.
 */
export function mailStub(answer: MailAnswer = accept) {
  const posts: MailPost[] = [];
  const delivered: MailPost[] = [];
  const accepted = new Set<string>();
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    if (!String(input instanceof Request ? input.url : input).startsWith(MAIL_SETTINGS.MAIL_API_URL)) {
      throw new Error(`unexpected fetch ${String(input)}`);
    }
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    const post: MailPost = {
      to: String(body.to),
      subject: String(body.subject),
      idempotencyKey: new Headers(init?.headers).get("idempotency-key"),
      body,
    };
    posts.push(post);
    if (post.idempotencyKey && accepted.has(post.idempotencyKey)) return Response.json({ id: "replayed" });
    const response = await answer(post, init?.signal ?? null);
    if (response.ok) {
      if (post.idempotencyKey) accepted.add(post.idempotencyKey);
      delivered.push(post);
    }
    return response;
  });
  return { posts, delivered, spy, answerWith: (next: MailAnswer) => (answer = next) };
}
