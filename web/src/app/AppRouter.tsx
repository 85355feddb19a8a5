import { Suspense, useEffect, type ReactNode } from "react";
import { Redirect, Route, useLocation, useParams, useRouter, useSearch } from "wouter";
import { Loading } from "../components/PageStates";
import { BlankLayout } from "./layouts/BlankLayout";
import { guardRedirect } from "./guard";
import { useFirstRouteHeld } from "./firstRoute";
import { DefaultLayout, RoutePage } from "./LazyPage";
import { forgetStartedRoute, startRoute } from "./prefetch";
import { notFoundRoute, resolvePath } from "./registry";
import { RouteTitle } from "./RouteTitle";
import { useScrollBehaviour } from "./scroll";
import { useSession } from "../providers/session";
import type { AppRedirect, RegisteredRoute } from "./types";
import { useIntentPrefetch } from "./useIntentPrefetch";

/**
 * Buttons ripple (./ripple.ts), with that module loaded after the first render: a ripple is no part of a
 * first paint, and /login's first load has no room to spare (decision 0002).
 */
function useRippleAfterFirstRender() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let mounted = true;
    void import("./ripple").then(({ listenForPresses }) => {
      if (mounted) stop = listenForPresses();
    });
    return () => {
      mounted = false;
      stop?.();
    };
  }, []);
}

/**
 * The layout stays mounted while the user moves between pages of the same layout (same element
 * type at the same place), so the menu keeps its state; only the page inside changes.
 */
function Layout({ route, children }: { route: RegisteredRoute; children: ReactNode }) {
  if (route.meta?.layout === "blank") return <BlankLayout>{children}</BlankLayout>;
  return (
    <Suspense
      fallback={
        <div className="min-h-screen bg-base-200">
          <Loading />
        </div>
      }
    >
      <DefaultLayout activeLink={route.meta?.navActiveLink} fixedHeight={route.meta?.fixedHeight}>
        {children}
      </DefaultLayout>
    </Suspense>
  );
}

/** index.html's spinner, in the same place: no Suspense fallback, so it delays no reveal (app/firstRoute.ts). */
function FirstLoadSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-base-200" aria-busy="true">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
    </div>
  );
}

function GuardedPage({ route, params }: { route: RegisteredRoute; params: Record<string, string> }) {
  const { isLoggedIn, ability } = useSession();
  const held = useFirstRouteHeld();
  const [path] = useLocation();
  const search = useSearch();
  const can = (action: string, subject: string) => ability.can(action, subject);
  const target = guardRedirect(route.meta, { isLoggedIn, can }, path, search);
  if (target) return <Redirect to={target} replace />;
  // The page's chunk, translations and first calls start together, before the layout and the page
  // are loaded, instead of one after the other (in the browser: a prerender calls nothing).
  if (typeof window !== "undefined") startRoute(route, { params, search: new URLSearchParams(search), can });
  // The app's first page shows whole once it has what it needs (app/firstRoute.ts), not through fallbacks.
  if (held) return <FirstLoadSpinner />;
  return (
    <Layout route={route}>
      <Suspense key={route.name} fallback={<Loading />}>
        <RouteTitle route={route} params={params} />
        <Route path={route.path}>
          <RoutePage route={route} />
        </Route>
      </Suspense>
    </Layout>
  );
}

function RedirectTo({ redirect }: { redirect: AppRedirect }) {
  const { userData } = useSession();
  const search = useSearch();
  const params = useParams() as Record<string, string>;
  const to = typeof redirect.to === "string" ? redirect.to : redirect.to({ role: userData?.role ?? null, search, params });
  return <Redirect to={to} replace />;
}

/** Renders the route table: redirects first, then pages (guarded, in their layout), then not-found. */
export function AppRouter() {
  const router = useRouter();
  const [location] = useLocation();
  useScrollBehaviour();
  useIntentPrefetch();
  useRippleAfterFirstRender();
  // A new app (or a test's) starts its first route again.
  useEffect(() => forgetStartedRoute, []);
  const resolved = resolvePath(router.parser, location);
  if (resolved && "redirect" in resolved) {
    return (
      <Route path={resolved.redirect.path}>
        <RedirectTo redirect={resolved.redirect} />
      </Route>
    );
  }
  return <GuardedPage route={resolved?.route ?? notFoundRoute} params={resolved?.params ?? {}} />;
}
