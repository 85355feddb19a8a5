import { api, type ListAnswer } from "../../../lib/api";
import type { Bundle } from "../types";

export const SEARCH_BUNDLE = "searchbundle";

export const searchBundle = (body: { isActive?: string; page: number; limit: number }) =>
  api<ListAnswer<Bundle>>(SEARCH_BUNDLE, body);
