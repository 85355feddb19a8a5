import { api, type CallInput } from "../../../lib/api";

export function updateBundle(body: CallInput<"updatebundle">) {
  return api("updatebundle", body);
}
