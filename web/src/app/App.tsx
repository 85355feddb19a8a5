import { useCallback } from "react";
import { SWRConfig } from "swr";
import { Router, useLocation } from "wouter";
import { ConfirmProvider } from "../components/ConfirmDialog";
import { SnackbarProvider } from "../components/Snackbar";
import { AppRouter } from "./AppRouter";
import { SessionProvider } from "./session";

function Providers() {
  const [location, navigate] = useLocation();
  const toLogin = useCallback(() => {
    const to = location !== "/" && !location.startsWith("/login") ? `?to=${encodeURIComponent(location)}` : "";
    navigate(`/login${to}`, { replace: true });
  }, [location, navigate]);
  return (
    <SessionProvider onSignedOut={toLogin}>
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
        <SnackbarProvider>
          <ConfirmProvider>
            <AppRouter />
          </ConfirmProvider>
        </SnackbarProvider>
      </SWRConfig>
    </SessionProvider>
  );
}

export function App() {
  return (
    <Router>
      <Providers />
    </Router>
  );
}
