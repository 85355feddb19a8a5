import { api } from "../../../lib/api";

export function checkout(kind: "item" | "bundle", refId: number) {
  return api<{ message: string; referenceId: string; amount: number }>("checkout", { kind, refId });
}
