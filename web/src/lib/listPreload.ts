import { fetchList, listKey, listParamsFrom, type ListDefaults } from "./listParams";
import type { FirstCall, PreloadContext } from "./feature";

/**
 * A route's first call when its page is a list of `useListParams(defaults)` fetched by
 * `useList(call, body(params))`: the same parameters from the target's query, the same key, so the
 * page finds the answer preloaded (app/prefetch.ts).
 */
export function listPreload<D extends ListDefaults>(
  call: string,
  defaults: D,
  body: (params: D & { page: number }, at: PreloadContext) => object = (params) => params,
): (at: PreloadContext) => FirstCall[] {
  return (at) => {
    const key = listKey(call, body(listParamsFrom(defaults, at.search), at));
    return [{ key, fetch: () => fetchList(key) }];
  };
}
