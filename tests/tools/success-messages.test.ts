import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Success answers' `message` is a key of the API's catalogs, rendered in the caller's language by
 * `success(ctx, key, params)` (worker/src/http/respond.ts): a handler never writes the sentence itself.
 * Here every `message` of an object literal in the files that answer calls must be such a call.
 */

const WORKER = path.resolve(import.meta.dirname, "../../worker/src");
const ANSWERING = ["routes", "http"];

/** `message` properties of object literals in `source` that are not `message: success(...)`, as "line: text". */
function literalMessages(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (!property.name || !ts.isIdentifier(property.name) || property.name.text !== "message") continue;
        const keyed =
          ts.isPropertyAssignment(property) &&
          ts.isCallExpression(property.initializer) &&
          ts.isIdentifier(property.initializer.expression) &&
          property.initializer.expression.text === "success";
        if (!keyed) {
          const { line } = file.getLineAndCharacterOfPosition(property.getStart());
          found.push(`${fileName}:${line + 1}: ${property.getText()}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("success messages", () => {
  it("are answered through success(ctx, key), never as a sentence written in a handler", () => {
    const found = ANSWERING.flatMap((folder) =>
      readdirSync(path.join(WORKER, folder))
        .filter((name) => name.endsWith(".ts"))
        .flatMap((name) => literalMessages(`${folder}/${name}`, readFileSync(path.join(WORKER, folder, name), "utf8"))),
    );
    expect(found).toEqual([]);
  });

  it("would catch one (the check itself works)", () => {
    const handler = (answer: string) => `export const handler = async (ctx) => json(${answer});`;
    expect(literalMessages("a.ts", handler('{ message: "Site deleted successfully!" }'))).toEqual([
      'a.ts:1: message: "Site deleted successfully!"',
    ]);
    expect(literalMessages("b.ts", handler("{ message: `${n} coupons generated`, codes }"))).toHaveLength(1);
    expect(literalMessages("c.ts", handler('{ message: done ? "Done." : success(ctx, "jobDone") }'))).toHaveLength(1);
    expect(literalMessages("d.ts", `const message = "Saved."; ${handler("{ message, site }")}`)).toHaveLength(1);
    expect(literalMessages("e.ts", handler('{ message: success(ctx, "siteDeleted") }'))).toEqual([]);
    expect(literalMessages("f.ts", handler('{ message: success(ctx, "documentSent", { site: "Turnitin" }), history }'))).toEqual(
      [],
    );
  });
});
