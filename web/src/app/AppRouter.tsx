import { Suspense, type ReactNode } from "react";
import { Redirect, Route, Switch, useLocation, useParams, useSearch } from "wouter";
import { Loading } from "../components/PageStates";
import { BlankLayout } from "../layouts/BlankLayout";
import { DefaultLayout } from "../layouts/DefaultLayout";
import { guardRedirect } from "./guard";
import { lazyPage } from "./LazyPage";
import { appRoutes, notFoundRoute, redirects } from "./registry";
import { useSession } from "./session";
import type { AppRedirect, AppRoute } from "./types";

function Layout({ route, children }: { route: AppRoute; children: ReactNode }) {
  if (route.meta?.layout === "blank") return <BlankLayout>{children}</BlankLayout>;
  return <DefaultLayout activeLink={route.meta?.navActiveLink}>{children}</DefaultLayout>;
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
      <Suspense fallback={<Loading />}>
        <Page />
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
  return (
    <Switch>
      {redirects.map((redirect) => (
        <Route key={redirect.path} path={redirect.path}>
          <RedirectTo redirect={redirect} />
        </Route>
      ))}
      {appRoutes.map((route) => (
        <Route key={route.name} path={route.path}>
          <GuardedPage route={route} />
        </Route>
      ))}
      <Route>
        <GuardedPage route={notFoundRoute} />
      </Route>
    </Switch>
  );
}
