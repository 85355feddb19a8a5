import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SWRResponse } from "swr";
import { Empty, Loading } from "../../../components/PageStates";

interface Props<T> {
  title: string;
  swr: SWRResponse<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
  actions?: ReactNode;
}

/**
 * One card of the user view with its own loading, empty and error states: the calls behind the
 * panels belong to different features, and one failing must not blank the page.
 */
export function Panel<T>({ title, swr, isEmpty, emptyText, children, actions }: Props<T>) {
  const { t } = useTranslation("users");
  let body: ReactNode;
  if (swr.error && swr.data === undefined) {
    body = (
      <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between">
        <span>{t("panelError")}</span>
        <button type="button" className="btn btn-sm" onClick={() => void swr.mutate()}>
          {t("retry")}
        </button>
      </div>
    );
  } else if (swr.data === undefined) body = <Loading />;
  else if (isEmpty(swr.data)) body = <Empty text={emptyText} />;
  else body = children(swr.data);
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title text-lg">{title}</h2>
          {actions}
        </div>
        {body}
      </div>
    </section>
  );
}
