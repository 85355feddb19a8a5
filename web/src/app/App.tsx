import { useCallback } from "react";
import { Router, useLocation, useSearch, type BaseLocationHook } from "wouter";
import { ConfirmProvider } from "../components/ConfirmDialog";
import { SnackbarProvider } from "../components/Snackbar";
import { AppRouter } from "./AppRouter";
import { PreferencesProvider } from "../providers/preferences";
import { SessionProvider } from "../providers/session";

function Providers() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  // After a lost session, sign-in brings the user back to the same page, query included.
  const toLogin = useCallback(() => {
    const here = search ? `${location}?${search}` : location;
    const to = location !== "/" && !location.startsWith("/login") ? `?to=${encodeURIComponent(here)}` : "";
    navigate(`/login${to}`, { replace: true });
  }, [location, search, navigate]);
  return (
    <SessionProvider onSignedOut={toLogin}>
      <PreferencesProvider>
        <SnackbarProvider>
          <ConfirmProvider>
            <AppRouter />
          </ConfirmProvider>
        </SnackbarProvider>
      </PreferencesProvider>
    </SessionProvider>
  );
}

/**
 * The whole app; tests pass an in-memory location hook instead of the browser's address, and the
 * build's prerender (web/prerender) the path it renders.
 */
export function App({ hook, ssrPath }: { hook?: BaseLocationHook; ssrPath?: string } = {}) {
  return (
    <Router {...(hook ? { hook } : {})} {...(ssrPath ? { ssrPath } : {})}>
      <Providers />
    </Router>
  );
}
