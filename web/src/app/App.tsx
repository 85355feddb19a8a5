import { useCallback } from "react";
import { Router, useLocation, type BaseLocationHook } from "wouter";
import { ConfirmProvider } from "../components/ConfirmDialog";
import { SnackbarProvider } from "../components/Snackbar";
import { AppRouter } from "./AppRouter";
import { PreferencesProvider } from "./preferences";
import { SessionProvider } from "./session";

function Providers() {
  const [location, navigate] = useLocation();
  const toLogin = useCallback(() => {
    const to = location !== "/" && !location.startsWith("/login") ? `?to=${encodeURIComponent(location)}` : "";
    navigate(`/login${to}`, { replace: true });
  }, [location, navigate]);
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

/** The whole app; tests pass an in-memory location hook instead of the browser's address. */
export function App({ hook }: { hook?: BaseLocationHook } = {}) {
  return (
    <Router {...(hook ? { hook } : {})}>
      <Providers />
    </Router>
  );
}
