import { api } from "../../../lib/api";

export function fetchMe() {
  return api("me");
}
