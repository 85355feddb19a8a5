import { api } from "../../../lib/api";

/** Choices of the manual payment form (admin calls of the users and catalogue features). */
export const searchUsers = (search: string) =>
  api("searchuser", {
    search,
    selectedRole: "",
    selectedPlan: "",
    selectedStatus: "",
    limit: 20,
    page: 1,
  });
export const searchItems = () => api("searchitem", { search: "", sort: "name", limit: 100, page: 1 });
export const searchBundles = () => api("searchbundle", { limit: 100, page: 1 });
