import type { AddressField } from "../../../lib/address";
import { api, type CallAnswer } from "../../../lib/api";
import { uploadWithProgress } from "../../../lib/upload";
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

export type UpdateUserAnswer = CallAnswer<"updateuser">;

/** Multipart with the avatar (API.md); progress goes from 0 to 1 while the body uploads. */
export function updateUser(form: UserForm, onProgress: (fraction: number) => void = () => undefined) {
  const { userPW, ...rest } = form;
  return uploadWithProgress("updateuser", { ...rest, ...(userPW ? { userPW } : {}) }, onProgress);
}

/** The postal address fields of a User (migration 0100). */
export type Address = Pick<User, AddressField>;

/**
 * A user's address through updateuser (JSON, no upload): the name and email it requires go as they are,
 * every other field is left out and keeps its value; a blank address field clears it.
 */
export const updateAddress = (user: Pick<User, "userId" | "userName" | "userEmail">, address: Address) =>
  api("updateuser", { userId: user.userId, userName: user.userName, userEmail: user.userEmail, ...address });
