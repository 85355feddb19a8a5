import { lazy, Suspense, type ReactNode } from "react";
import { matchRoute, Redirect, Route, useLocation, useParams, useRouter, useSearch } from "wouter";
import { Loading } from "../components/PageStates";
import { BlankLayout } from "../layouts/BlankLayout";
import { guardRedirect } from "./guard";
import { lazyPage } from "./LazyPage";
import { appRoutes, notFoundRoute, redirects } from "./registry";
import { useScrollBehaviour } from "./scroll";
import { useSession } from "./session";
import type { AppRedirect, AppRoute } from "./types";

// The default layout (menus, navbar, customizer, icons) is loaded on demand: /login never needs it.
const DefaultLayout = lazy(() => import("../layouts/DefaultLayout"));

/**
 * The layout stays mounted while the user moves between pages of the same layout (same element
 * type at the same place), so the menu keeps its state; only the page inside changes.
 */
function Layout({ route, children }: { route: AppRoute; children: ReactNode }) {
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

function GuardedPage({ route }: { route: AppRoute }) {
  const { isLoggedIn, ability } = useSession();
  const [path] = useLocation();
  const search = useSearch();
  const target = guardRedirect(route.meta, { isLoggedIn, can: (a, s) => ability.can(a, s) }, path, search);
  if (target) return <Redirect to={target} replace />;
  const Page = lazyPage(route);
  return (
    <Layout route={route}>
      <Suspense key={route.name} fallback={<Loading />}>
        <Route path={route.path}>
          <Page />
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
  const matches = (path: string) => matchRoute(router.parser, path, location)[0];
  const redirect = redirects.find((r) => matches(r.path));
  if (redirect) {
    return (
      <Route path={redirect.path}>
        <RedirectTo redirect={redirect} />
      </Route>
    );
  }
  return <GuardedPage route={appRoutes.find((r) => matches(r.path)) ?? notFoundRoute} />;
}
