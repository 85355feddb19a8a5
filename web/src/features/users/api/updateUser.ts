import { type CallAnswer } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";

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

export type UpdateUserAnswer = CallAnswer<"updateuser">;

/** Multipart with the avatar (API.md); progress goes from 0 to 1 while the body uploads. */
export function updateUser(form: UserForm, onProgress: (fraction: number) => void = () => undefined) {
  const { userPW, ...rest } = form;
  return uploadWithProgress("updateuser", { ...rest, ...(userPW ? { userPW } : {}) }, onProgress);
}
