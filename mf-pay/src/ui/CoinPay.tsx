import { useState } from 'react';
import { navigate, routePath, toastSuccess, useUser } from 'shared-kernel';
import { getCoinBalance, payDocWithCoins } from '../api/coins';
import type { DocDetail } from '../api/pay';
import { TEXTS } from '../texts';
import { coinNumber } from '../withdraw/coins';
import { useLoad } from 'shared-kernel';

/**
 * Buying the document with coins (1 coin per fen of its price), shown only when my available coins cover it; once
 * bought, the API's message and on to the document. A refusal is the kernel's toast with the API's message.
 */
export function CoinPay({ doc }: { doc: DocDetail }) {
  const user = useUser();
  const balance = useLoad(user ? `coins:${user.uid}` : null, getCoinBalance);
  const [busy, setBusy] = useState(false);
  const available = balance.data?.available ?? 0;
  if (!balance.data || available < doc.price) return null;
  const pay = async () => {
    setBusy(true);
    try {
      const answer = await payDocWithCoins(doc.id);
      toastSuccess(answer.message);
      navigate(routePath('articles.docs.detail', { id: doc.id }));
    } catch {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="mp-btn mp-coin-pay" disabled={busy} onClick={pay}>
      {busy ? TEXTS.coinPay.paying : TEXTS.coinPay.button(coinNumber(doc.price), coinNumber(available))}
    </button>
  );
}
