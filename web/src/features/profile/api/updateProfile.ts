import { toFormData, uploadWithProgress } from "../../../lib/api";
import type { UserData } from "../../../app/session";

export interface ProfileForm {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userImageNew: File | null;
}

/** updateuser on oneself: never role, status or quota (the server refuses those from non-admins). */
export function updateProfile(form: ProfileForm, onProgress: (fraction: number) => void) {
  return uploadWithProgress<{ message: string; user: UserData; newImage: string | null }>(
    "updateuser",
    toFormData({ ...form }),
    onProgress,
  );
}
