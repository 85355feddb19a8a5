import { api, type ListAnswer } from "../../../lib/api";

export interface UserOption {
  userId: number;
  userName: string;
  userEmail: string;
}
export interface ItemOption {
  itemId: number;
  itemName: string;
  itemPrice: number;
  itemIsActive: boolean;
}
export interface BundleOption {
  bundleId: number;
  bundlePoin: number;
  bundlePrice: number;
  bundleIsActive: boolean;
}

/** Choices of the manual payment form (admin calls of the users and catalogue features). */
export const searchUsers = (search: string) =>
  api<ListAnswer<UserOption>>("searchuser", {
    search,
    selectedRole: "",
    selectedPlan: "",
    selectedStatus: "",
    limit: 20,
    page: 1,
  });
export const searchItems = () => api<ListAnswer<ItemOption>>("searchitem", { search: "", sort: "name", limit: 100, page: 1 });
export const searchBundles = () => api<ListAnswer<BundleOption>>("searchbundle", { limit: 100, page: 1 });
