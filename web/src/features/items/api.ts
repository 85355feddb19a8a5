/** The feature's calls; what its route preloads (in the first load) is in preload.ts. */
export * from "./preload";
import { api } from "../../lib/api";
import { uploadWithProgress } from "../../lib/upload";

export function deleteItem(itemId: number) {
  return api("deleteitem", { itemId });
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
