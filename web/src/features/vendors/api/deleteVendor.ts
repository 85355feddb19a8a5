import { api } from "../../../lib/api";

export function deleteVendor(vendorId: number) {
  return api("deletevendor", { vendorId });
}
