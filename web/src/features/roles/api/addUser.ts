import { uploadWithProgress } from "../../../lib/upload";
import type { UserDrawerValues } from "../../../components/UserDrawer";

/** The roles page's "add new user": updateuser (multipart, userId 0) with the avatar's upload progress. */
export function addUser(values: UserDrawerValues, onProgress: (fraction: number) => void) {
  return uploadWithProgress("updateuser", values, onProgress);
}
