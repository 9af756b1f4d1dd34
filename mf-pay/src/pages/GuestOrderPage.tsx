import type { PayMethodName } from 'contracts/enums';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { navigate, routePath, toastSuccess, useIsLoggedIn } from 'shared-kernel';
import { getDoc, getOnceDocsUrl, type OnceDocsUrlAnswer, type Order } from '../api/pay';
import { findPaidGuestDownload } from '../pay/guest-download';
import { rememberGuestOrder } from '../pay/guest-orders';
import { returnPath, withoutReturn } from '../pay/navigation';
import { PayPanel } from '../pay/PayPanel';
import { PayReturn } from '../pay/PayReturn';
import { returnTarget } from '../pay/return-target';
import { TEXTS } from '../texts';
import { DocCard, DocNoPurchase } from '../ui/DocCard';
import { GuestDownload } from '../ui/GuestDownload';
import { LoadError, Loading, PageFrame } from '../ui/Status';
import { useLoad } from 'shared-kernel';

/**
 * guest/pay/order?docs=ID: a visitor buys one document without an account (the order is bound to this device);
 * once paid, the download. A paid order this device remembers for the document shows its download again. A
 * logged-in person is sent to user/pay/order.
 */
export default function GuestOrderPage() {
  const [params, setParams] = useSearchParams();
  const docsId = /^\d+$/.test(params.get('docs') ?? '') ? (params.get('docs') as string) : null;
  const loggedIn = useIsLoggedIn();
  const [back, setBack] = useState(() => returnTarget(params, 'once'));
  const [download, setDownload] = useState<OnceDocsUrlAnswer | null>(null);
  const doc = useLoad(docsId && !loggedIn ? docsId : null, () => getDoc(docsId as string));
  const earlier = useLoad(docsId && !loggedIn && !back ? `paid:${docsId}` : null, () => findPaidGuestDownload(Number(docsId)));

  useEffect(() => {
    if (loggedIn && docsId) navigate(routePath('user.pay.order', {}, { docs: docsId }), { replace: true });
  }, [loggedIn, docsId]);

  const onPaid = useCallback(async (orderNo: string) => {
    toastSuccess(TEXTS.paid);
    try {
      setDownload(await getOnceDocsUrl(orderNo));
    } catch {
      /* the kernel toasted why; the page stays on the order */
    }
  }, []);
  const query = useMemo(() => withoutReturn(params), [params]);
  const returnPathFor = useCallback((method: PayMethodName) => returnPath('guest.pay.order', query, method), [query]);
  const onCreated = useCallback((order: Order) => {
    if (order.docs) rememberGuestOrder({ order_no: order.order_no, docs: order.docs, method: order.pay_method });
  }, []);

  const shown = download ?? earlier.data?.answer ?? null;
  let body;
  if (loggedIn) body = <Loading />;
  else if (!docsId) body = <p className="mp-card">{TEXTS.guest.needDoc}</p>;
  else if (shown) body = <GuestDownload answer={shown} />;
  else if (back) body = <PayReturn target={back} onPaid={(a) => void onPaid(a.order_no)} onReorder={() => { setBack(null); setParams(query, { replace: true }); }} />;
  else if (doc.error) body = <LoadError error={doc.error} onRetry={doc.reload} />;
  else if (doc.loading || earlier.loading || !doc.data) body = <Loading />;
  else if (doc.data.is_free || doc.data.price <= 0) body = <DocNoPurchase doc={doc.data} />;
  else {
    const purchase = { type: 'docs' as const, docs: doc.data.id, amount: doc.data.price, title: doc.data.title };
    body = (
      <div className="mp-layout">
        <div className="mp-main">
          <DocCard doc={doc.data} />
          <p className="mp-muted">{TEXTS.guest.intro}</p>
        </div>
        <aside className="mp-side">
          <section className="mp-card mp-checkout" aria-label={TEXTS.amount}>
            <PayPanel purchase={purchase} kind="once" returnPathFor={returnPathFor} onCreated={onCreated} onPaid={(_a, orderNo) => void onPaid(orderNo)} />
          </section>
        </aside>
      </div>
    );
  }
  return <PageFrame route="guest.pay.order">{body}</PageFrame>;
}
