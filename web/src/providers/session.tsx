import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { api, setUnauthorizedHandler, type CallAnswer } from "../lib/api";
import { readCookie, removeCookie, writeCookie } from "../lib/cookies";
import { ClientAbility, type AbilityRule } from "./ability";

export type AppAbility = ClientAbility;
export type { AbilityRule };

/** What signing in and `me` answer: userData (the User plus role) and the caller's rules (`me` adds the notification settings). */
export type SignInAnswer = Pick<CallAnswer<"me">, "userData" | "userAbilityRules">;
export type UserData = SignInAnswer["userData"];
/** While staff view as this client (decision 0033): who views, since and until when. */
export type ViewAsState = NonNullable<CallAnswer<"me">["viewAs"]>;

interface SessionValue {
  userData: UserData | null;
  isLoggedIn: boolean;
  ability: AppAbility;
  /** Set once `me` says staff are viewing as this client (read-only). */
  viewAs: ViewAsState | null;
  /** Stores the answer of login / two-steps / register / me. */
  signIn: (answer: SignInAnswer) => void;
  /** Merges changed fields (say, a new name or avatar) into the stored userData. */
  updateUserData: (patch: Partial<UserData>) => void;
  /** Reloads userData and rules from the server (after a role change). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Clears the signed-in state without a call: the server already ended the session (a closed account). */
  forget: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export const USER_DATA_COOKIE = "userData";
export const RULES_COOKIE = "userAbilityRules";

/**
 * The signed-in state lives in two JSON cookies (spec section 3): userData and userAbilityRules.
 * The session token itself is an HttpOnly cookie the page never sees.
 */
export function SessionProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut: () => void }) {
  const [userData, setUserData] = useState<UserData | null>(() => readCookie<UserData>(USER_DATA_COOKIE));
  const ability = useMemo(() => new ClientAbility(readCookie<AbilityRule[]>(RULES_COOKIE) ?? []), []);
  const [viewAs, setViewAs] = useState<ViewAsState | null>(null);
  const clearing = useRef(false);

  const clear = useCallback(() => {
    removeCookie(USER_DATA_COOKIE);
    removeCookie(RULES_COOKIE);
    ability.update([]);
    setUserData(null);
    setViewAs(null);
  }, [ability]);

  const signIn = useCallback(
    (answer: SignInAnswer) => {
      writeCookie(USER_DATA_COOKIE, answer.userData);
      writeCookie(RULES_COOKIE, answer.userAbilityRules);
      ability.update(answer.userAbilityRules);
      clearing.current = false;
      setUserData(answer.userData);
    },
    [ability],
  );

  const updateUserData = useCallback((patch: Partial<UserData>) => {
    setUserData((current) => {
      if (!current) return current;
      const next = { ...current, ...patch };
      writeCookie(USER_DATA_COOKIE, next);
      return next;
    });
  }, []);

  const refresh = useCallback(async () => {
    const answer = await api("me");
    // Signed out meanwhile (another tab, a 401): do not bring the old state back.
    if (!readCookie(USER_DATA_COOKIE)) return;
    signIn(answer);
    setViewAs(answer.viewAs ?? null);
  }, [signIn]);

  // Rules follow role changes: reloaded at start and whenever the tab becomes visible again.
  useEffect(() => {
    const reload = () => {
      if (document.visibilityState === "visible" && readCookie(USER_DATA_COOKIE)) refresh().catch(() => undefined);
    };
    reload();
    document.addEventListener("visibilitychange", reload);
    return () => document.removeEventListener("visibilitychange", reload);
  }, [refresh]);

  const signOut = useCallback(async () => {
    try {
      await api("logout");
    } finally {
      clear();
    }
  }, [clear]);

  // A 401 from any call clears the client state once and goes to login (no loops).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (clearing.current) return;
      clearing.current = true;
      clear();
      onSignedOut();
    });
    return () => setUnauthorizedHandler(null);
  }, [clear, onSignedOut]);

  const value = useMemo<SessionValue>(
    () => ({ userData, isLoggedIn: userData !== null, ability, viewAs, signIn, updateUserData, refresh, signOut, forget: clear }),
    [userData, ability, viewAs, signIn, updateUserData, refresh, signOut, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
