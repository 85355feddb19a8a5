import { uploadWithProgress } from "../../../lib/upload";

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
