import { uploadWithProgress } from "../../../lib/upload";

export interface ProfileForm {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userImageNew: File | null;
}

/** updateuser on oneself: never role, status or quota (the server refuses those from non-admins). */
export function updateProfile(form: ProfileForm, onProgress: (fraction: number) => void) {
  return uploadWithProgress("updateuser", form, onProgress);
}
