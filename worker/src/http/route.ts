import type { z } from "zod";
import type { Action, Subject } from "../auth/ability";
import type { Ctx } from "./context";

/**
 * Who may make a call: anyone, any signed-in user, or a signed-in user whose ability allows
 * `action` on `subject` (ownership of rows is then checked by the handler).
 */
export type Access = "public" | "signedIn" | readonly [Action, Subject];

export interface RouteDef<S extends z.ZodType = z.ZodType> {
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
  /** Validates the body; its output type is the handler's input type. */
  schema: S;
  handler: (ctx: Ctx, input: z.output<S>) => Promise<Response>;
}

/** Declares a call with its input type inferred from its schema. */
export function route<S extends z.ZodType>(def: RouteDef<S>): RouteDef {
  return def as unknown as RouteDef;
}
