import type { AppRoute } from "../../lib/feature";

/** Live chat (issue 39 item 3, decision 0031): the support desk's tickets as conversations, fixed-height. */
export const routes: AppRoute[] = [
  {
    path: "/apps/chat",
    name: "apps-chat",
    title: "chat:title",
    page: () => import("./pages/ChatPage"),
    meta: { action: "read", subject: "Ticket", fixedHeight: true },
  },
];
