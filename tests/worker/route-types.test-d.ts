import { bundleCalls } from "../../worker/src/contract/bundles";
import { commerceCalls } from "../../worker/src/contract/commerce";
import { json, list } from "../../worker/src/http/respond";
import { route } from "../../worker/src/http/route";

/**
 * Type tests of route(), compiled by `npm run typecheck` and never run: a handler gets its call's
 * validated input and must answer the contract's answer; each `@ts-expect-error` line must not compile.
 */

export const rightHandlers = [
  route(bundleCalls.deletebundle, {
    async handler(_ctx, { bundleId }) {
      const id: number = bundleId;
      return json({ message: `Bundle ${id} deleted.` });
    },
  }),
  route(bundleCalls.searchbundle, {
    async handler(_ctx, input) {
      return list([], 0, input.page, input.limit);
    },
  }),
  route(commerceCalls["export-payment"], {
    async handler() {
      return new Response("a,b\r\n", { headers: { "content-type": "text/csv" } });
    },
  }),
];

export const wrongHandlers = [
  route(bundleCalls.deletebundle, {
    async handler(_ctx, input) {
      // @ts-expect-error: deletebundle's input has no field "bundle"
      return json({ message: String(input.bundle) });
    },
  }),
  route(bundleCalls.deletebundle, {
    // @ts-expect-error: the answer's message is text
    async handler() {
      return json({ message: 1 });
    },
  }),
  route(bundleCalls.updatebundle, {
    // @ts-expect-error: updatebundle answers the bundle too
    async handler() {
      return json({ message: "Bundle updated successfully!" });
    },
  }),
  route(bundleCalls.searchbundle, {
    // @ts-expect-error: a list of bundles, not of anything
    async handler(_ctx, input) {
      return list([{ bundleId: "1" }], 1, input.page, input.limit);
    },
  }),
  route(bundleCalls.deletebundle, {
    // @ts-expect-error: a JSON call answers JSON, not any Response
    async handler() {
      return new Response("done");
    },
  }),
];
