import type { z } from "zod";
import type { Access } from "../contract/access";
import type { CallDecl, FileAnswer } from "../contract/call";
import type { Ctx } from "./context";
import type { JsonResponse } from "./respond";

export type { Access };

/** What the dispatcher serves: a call's declaration and its handler. */
export interface RouteDef {
  /** The call's name: POST /api/<name>. */
  name: string;
  access: Access;
  /** Whether an agent's API key (Authorization: Bearer) may make the call. */
  agent?: boolean;
  /**
   * For "public" and "signedIn" calls that change nothing: they may run on a remembered session and on
   * a D1 read replica like read calls (see http/dispatch.ts); calls whose access is ["read", subject]
   * do so already.
   */
  readsOnly?: boolean;
  /** Largest multipart body accepted, in bytes (JSON bodies are always limited to 1 MB). */
  maxBody?: number;
  /** Also takes an `application/x-www-form-urlencoded` body (RFC 8058 one-click POSTs). */
  formUrlEncoded?: boolean;
  /** Validates the body; its output is the handler's input. */
  input: z.ZodType;
  /** Throws when the call is off (a setting): checked before the body is read. */
  available?: (ctx: Ctx) => void;
  handler: (ctx: Ctx, input: never) => Promise<Response>;
}

/** What a handler answers: JSON of exactly the declared answer's type, or for a file call any Response. */
export type HandlerAnswer<A> = A extends FileAnswer ? Response : A extends z.ZodType ? JsonResponse<z.output<A>> : never;

/** A call's handler: it gets the validated input and must answer what the contract declares. */
export interface Implementation<C extends CallDecl> {
  /**
   * Throws when the call is off (a setting), before the body is read or validated: every body gets the
   * same answer, so a call that is off tells nothing about what it would take.
   */
  available?(ctx: Ctx): void;
  handler(ctx: Ctx, input: z.output<C["input"]>): Promise<HandlerAnswer<C["answer"]>>;
}

/** Serves a call of the contract (worker/src/contract) with its handler. */
export function route<C extends CallDecl>(call: C, implementation: Implementation<C>): RouteDef {
  const { name, access, agent, readsOnly, maxBody, formUrlEncoded, input } = call;
  return {
    name,
    access,
    agent,
    readsOnly,
    maxBody,
    formUrlEncoded,
    input,
    available: implementation.available,
    handler: implementation.handler,
  };
}
