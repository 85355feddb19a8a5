import type { useBuyActions } from "../hooks/useBuyActions";

interface Props {
  /** The card's product id. */
  refId: number;
  actions: ReturnType<typeof useBuyActions>;
  addText: string;
  buyText: string;
}

/** "Add to cart" and "Buy" on a shop card; both wait while any card's purchase is under way. */
export function BuyButtons({ refId, actions: { pending, addToCart, buyNow }, addText, buyText }: Props) {
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={pending !== null} onClick={() => void addToCart(refId)}>
        {addText}
      </button>
      <button type="button" className="btn btn-primary btn-sm" disabled={pending !== null} onClick={() => void buyNow(refId)}>
        {pending === refId && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {buyText}
      </button>
    </>
  );
}
