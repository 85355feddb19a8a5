import { api } from "../../../lib/api";

export function checkout(kind: "item" | "bundle", refId: number) {
  return api("checkout", { kind, refId });
}
