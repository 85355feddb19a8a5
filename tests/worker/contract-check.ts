import { z } from "zod";
import { calls } from "../../worker/src/contract";
import { isFileAnswer } from "../../worker/src/contract/call";

/**
 * Throws when a 2xx JSON answer of a declared call is not what the contract says it answers: a
 * missing or mistyped field, or one the contract does not declare (answer objects are strict, so
 * a field that leaks out fails here).
 */
export function checkAnswer(name: string, response: Response, body: unknown): void {
  if (response.status < 200 || response.status >= 300) return;
  if (!Object.hasOwn(calls, name)) return;
  const declared = calls[name as keyof typeof calls].answer;
  const isJson = response.headers.get("content-type")?.startsWith("application/json") ?? false;
  if (isFileAnswer(declared)) {
    if (!isJson) return;
    if (!declared.orJson) throw new Error(`${name} answered JSON, but the contract declares a file`);
    assertMatches(name, declared.orJson, body);
    return;
  }
  if (!isJson) throw new Error(`${name} answered ${response.headers.get("content-type")}, but the contract declares JSON`);
  assertMatches(name, declared, body);
}

function assertMatches(name: string, schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${name}: the answer does not match the contract\n${z.prettifyError(result.error)}\n${JSON.stringify(body)}`);
  }
}
