import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { useSnackbar } from "../../../lib/snackbar";
import type { UpdateUserAnswer } from "../api";
import type { User } from "../types";

/**
 * What happens after the drawer saves (it shows the server's message itself): when the saved user is
 * the signed-in one, their stored name and avatar change at once (and their rules, if the role changed).
 */
export function useUserSave() {
  const { t } = useTranslation("users");
  const snackbar = useSnackbar();
  const { userData, updateUserData, refresh } = useSession();
  return {
    saved(answer: UpdateUserAnswer, before: User | null) {
      if (userData && answer.user.userId === userData.userId) {
        updateUserData({ userName: answer.user.userName, userImage: answer.user.userImage });
        if (before && before.userRole !== answer.user.userRole) void refresh();
      }
    },
    failed(message: string) {
      snackbar.error(t("saveFailed") + (message || t("saveFailedDefault")));
    },
  };
}
