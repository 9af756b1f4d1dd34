import { ORDER_STATE_LABELS } from 'contracts/enums';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { formatFen, ListFooter, routePath, useInfiniteList } from 'shared-kernel';
import { listOrders, type Order } from '../api/pay';
import { formatTime } from '../pay/time';
import { TEXTS } from '../texts';
import { PageFrame } from '../ui/Status';

const ROUTE = 'user.pay.orderHistory';

/** Still payable: waiting for payment and not past its expiry. */
function payable(order: Order): boolean {
  return (order.state === 'created' || order.state === 'paying') && new Date(order.expire_time).getTime() > Date.now();
}

/** The pay page for the same thing again (an order's pay start is only in its create answer). */
function payAgainPath(order: Order): string {
  if (order.type === 'docs' && order.docs) return routePath('user.pay.order', {}, { docs: order.docs });
  return routePath('user.pay.order', {}, { type: 'package', policy: order.price_policy ?? undefined });
}

function OrderRow({ order }: { order: Order }) {
  const t = TEXTS.history;
  return (
    <li className="mp-order" data-testid="order-row" data-order={order.order_no}>
      <div className="mp-order-head">
        <span className="mp-order-type">{order.type === 'docs' ? t.typeDocs : t.typePackage}</span>
        <span className="mp-order-title">{order.title}</span>
        <span className={`mp-state mp-state-${order.state}`}>{order.state_label || ORDER_STATE_LABELS[order.state]}</span>
      </div>
      <dl className="mp-order-meta">
        <div>
          <dt>{t.amount}</dt>
          <dd className="mp-order-amount">{formatFen(order.amount)}</dd>
        </div>
        <div>
          <dt>{t.method}</dt>
          <dd>{TEXTS.method[order.pay_method]}</dd>
        </div>
        <div>
          <dt>{t.created}</dt>
          <dd>{formatTime(order.create_time)}</dd>
        </div>
        {order.paid_time && (
          <div>
            <dt>{t.paidAt}</dt>
            <dd>{formatTime(order.paid_time)}</dd>
          </div>
        )}
        <div>
          <dt>{t.orderNo}</dt>
          <dd className="mp-order-no">{order.order_no}</dd>
        </div>
      </dl>
      <div className="mp-order-actions">
        {order.type === 'docs' && order.docs && (
          <Link className="mp-link" to={routePath('articles.docs.detail', { id: order.docs })}>
            {t.toDoc}
          </Link>
        )}
        {payable(order) && (
          <Link className="mp-btn mp-primary mp-small-btn" to={payAgainPath(order)}>
            {t.toPay}
          </Link>
        )}
      </div>
    </li>
  );
}

/** user/pay/order_history: my orders, newest first, page by page with the kernel's list footer. */
export default function OrderHistoryPage() {
  const fetchPage = useCallback((page: number, signal: AbortSignal) => listOrders(page, signal), []);
  const list = useInfiniteList<Order>({ fetchPage, key: 'orders', route: ROUTE });
  const empty = list.status === 'done' && list.items.length === 0;
  return (
    <PageFrame route={ROUTE}>
      {empty ? (
        <div className="mp-card mp-empty">
          <p>{TEXTS.history.empty}</p>
          <Link className="mp-btn mp-primary" to={routePath('user.pay.order', {}, { type: 'package' })}>
            {TEXTS.packages.heading}
          </Link>
        </div>
      ) : (
        <ul className="mp-orders">
          {list.items.map((order) => (
            <OrderRow key={order.order_no} order={order} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </PageFrame>
  );
}
