import { toFormData, uploadWithProgress } from "../../../lib/api";
import type { User } from "../types";

export interface UserForm {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userPW: string;
  userRole?: string;
  userIsActive?: boolean;
  userImageNew?: File | null;
}

export interface UpdateUserAnswer {
  message: string;
  user: User;
  newImage: string | null;
}

/** Multipart with the avatar (API.md); progress goes from 0 to 1 while the body uploads. */
export function updateUser(form: UserForm, onProgress: (fraction: number) => void = () => undefined) {
  const { userPW, ...rest } = form;
  return uploadWithProgress<UpdateUserAnswer>("updateuser", toFormData({ ...rest, ...(userPW ? { userPW } : {}) }), onProgress);
}
