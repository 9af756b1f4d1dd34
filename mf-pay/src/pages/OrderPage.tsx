import type { PayMethodName } from 'contracts/enums';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { navigate, routePath, toastSuccess, useUser } from 'shared-kernel';
import { getDoc, getMyPackages, getPricePolicies, type DocDetail, type Order, type PayQueryAnswer, type PricePolicy } from '../api/pay';
import { nextPath, returnPath, setDocsPayCookies, startedFrom, withoutReturn } from '../pay/navigation';
import { PayPanel, type Purchase } from '../pay/PayPanel';
import { PayReturn } from '../pay/PayReturn';
import { returnTarget } from '../pay/return-target';
import { TEXTS } from '../texts';
import { CoinPay } from '../ui/CoinPay';
import { DocCard, DocNoPurchase } from '../ui/DocCard';
import { MyPackages, PackageList } from '../ui/Packages';
import { LoadError, Loading, PageFrame } from '../ui/Status';
import { useLoad } from 'shared-kernel';

const ROUTE = 'user.pay.order';

/** 'doc' or a package's id. */
type Choice = 'doc' | number;

function purchaseOf(choice: Choice | null, doc: DocDetail | null, policies: PricePolicy[]): Purchase | null {
  if (choice === 'doc') return doc ? { type: 'docs', docs: doc.id, amount: doc.price, title: doc.title } : null;
  const policy = policies.find((p) => p.id === choice);
  return policy ? { type: 'package', price_policy: policy.id, amount: policy.price, title: policy.name } : null;
}

function defaultChoice(doc: DocDetail | null, wantPackage: boolean, policies: PricePolicy[], preferred: number | null): Choice | null {
  if (doc && !wantPackage) return 'doc';
  const pick = policies.find((p) => p.id === preferred) ?? policies.find((p) => p.recommended) ?? policies[0];
  return pick ? pick.id : doc ? 'doc' : null;
}

/** Once paid: '支付成功' and on to where the answer says (the document, or my packages here). */
function goOn(answer: PayQueryAnswer, fallback: string): void {
  toastSuccess(TEXTS.paid);
  navigate(nextPath(answer.next) ?? fallback, { replace: true });
}

/**
 * user/pay/order: `?docs=ID` buys that document (with the packages beside it), `?type=package` or nothing the
 * packages; my packages below. The way back from a provider (`?return=1` or `?order_no=&method=`) is checked first.
 */
export default function OrderPage() {
  const [params, setParams] = useSearchParams();
  const docsId = /^\d+$/.test(params.get('docs') ?? '') ? (params.get('docs') as string) : null;
  const wantPackage = params.get('type') === 'package' || !docsId;
  const preferred = Number(params.get('policy')) || null;
  const [back, setBack] = useState(() => returnTarget(params, 'order'));
  const user = useUser();

  const doc = useLoad(docsId, () => getDoc(docsId as string));
  const policies = useLoad('policies', getPricePolicies);
  const mine = useLoad(user ? `mine:${user.uid}` : null, getMyPackages);
  const [picked, setPicked] = useState<Choice | null>(null);
  const list = useMemo(() => policies.data?.results ?? [], [policies.data]);
  const choice = picked ?? defaultChoice(doc.data, wantPackage, list, preferred);
  const purchase = useMemo(() => purchaseOf(choice, doc.data, list), [choice, doc.data, list]);

  const fallback = docsId ? routePath('articles.docs.detail', { id: docsId }) : routePath('user.pay.orderHistory');
  // paid: next may be this very page (a package bought here), so the return and the panel are left and my packages asked again
  const [paidCount, setPaidCount] = useState(0);
  const reloadMine = mine.reload;
  const onPaid = useCallback((answer: PayQueryAnswer) => {
    setBack(null);
    setPaidCount((n) => n + 1);
    reloadMine();
    goOn(answer, fallback);
  }, [fallback, reloadMine]);
  const query = useMemo(() => withoutReturn(params), [params]);
  const returnPathFor = useCallback((method: PayMethodName) => returnPath('user.pay.order', query, method), [query]);
  // A document paid on the provider's page: the shell's docs-pay step takes the person to it on the way back.
  const beforeRedirect = useCallback((order: Order) => {
    if (order.type === 'docs' && order.docs) setDocsPayCookies(order.docs);
  }, []);

  if (back) {
    const reorder = () => {
      setBack(null);
      setParams(query, { replace: true });
    };
    return <PageFrame route={ROUTE}><PayReturn target={back} onPaid={onPaid} onReorder={reorder} /></PageFrame>;
  }
  if (doc.error) return <PageFrame route={ROUTE}><LoadError error={doc.error} onRetry={doc.reload} /></PageFrame>;
  if (doc.data && (doc.data.is_free || doc.data.price <= 0 || doc.data.is_purchased || doc.data.is_owner)) {
    return <PageFrame route={ROUTE}><DocNoPurchase doc={doc.data} /></PageFrame>;
  }
  return (
    <PageFrame route={ROUTE}>
      <div className="mp-layout">
        <div className="mp-main">
          {doc.data && <DocCard doc={doc.data} selected={choice === 'doc'} onSelect={() => setPicked('doc')} />}
          <section className="mp-card" aria-labelledby="mp-packages-title">
            <h2 id="mp-packages-title" className="mp-h2">{doc.data ? TEXTS.packages.besideDoc : TEXTS.packages.heading}</h2>
            {policies.error ? <LoadError error={policies.error} onRetry={policies.reload} /> : policies.loading ? <Loading /> : (
              <PackageList policies={list} selected={typeof choice === 'number' ? choice : null} onSelect={setPicked} />
            )}
          </section>
        </div>
        <aside className="mp-side">
          {doc.loading ? <Loading /> : purchase && (
            <section className="mp-card mp-checkout" aria-label={TEXTS.amount}>
              <p className="mp-checkout-title">{purchase.type === 'docs' ? TEXTS.doc.buy : TEXTS.packages.buy(purchase.title)}</p>
              <PayPanel key={`${purchase.type}:${purchase.docs ?? purchase.price_policy}:${paidCount}`} purchase={purchase} kind="order" returnPathFor={returnPathFor} fromPath={startedFrom(query)} beforeRedirect={beforeRedirect} onPaid={onPaid} />
              {purchase.type === 'docs' && doc.data && <CoinPay doc={doc.data} />}
            </section>
          )}
          {mine.data && <MyPackages packages={mine.data.results} />}
        </aside>
      </div>
    </PageFrame>
  );
}
