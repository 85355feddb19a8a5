import { api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

export function deleteItem(itemId: number) {
  return api("deleteitem", { itemId });
}

export const SEARCH_ITEM = "searchitem";

/** What the shop sends searchitem: its search, sort and page; managers see it as buyers do (active items). */
export function shopListBody(params: { search: string; sort: string; page: number; limit: number }, canManage: boolean) {
  const body = { search: params.search, sort: params.sort, page: params.page, limit: params.limit };
  return canManage ? { ...body, isActive: "active" } : body;
}

export interface ItemForm {
  itemId: number;
  itemName: string;
  itemDesc: string;
  itemPrice: string;
  itemDuration: string;
  itemUrl: string;
  itemIsActive: boolean;
  itemImageNew: File | null;
  uploadedFile: File | null;
}

/** Multipart save (spec section 7) with upload progress for the image and the downloadable file. */
export function updateItem(form: ItemForm, onProgress: (fraction: number) => void) {
  return uploadWithProgress("updateitem", form, onProgress);
}
