import { escapeHtml } from '../../oauth/html';

/** The cashier pages' policy: inline styles, forms to this origin only, nothing else. */
export const CASHIER_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;color:#191919}
main{max-width:420px;margin:0 auto;padding:32px 16px}
.card{background:#fff;border-radius:8px;padding:24px 20px;text-align:center}
.merchant{color:#576b95;font-size:14px;margin:0}
.desc{margin:8px 0 0;font-size:15px;word-break:break-all}
.amount{font-size:40px;font-weight:600;margin:16px 0 24px}
.amount small{font-size:24px;margin-right:2px}
.note{color:#888;font-size:13px;margin:12px 0 0}
form{margin:0}
button{display:block;width:100%;border:0;border-radius:6px;padding:12px;font-size:17px;margin-top:12px;cursor:pointer}
.pay{background:#07c160;color:#fff}
.cancel{background:#f2f2f2;color:#191919}
.state{font-size:18px;margin:8px 0}
`;

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><div class="card">${body}</div></main></body></html>`
  );
}

export function yuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

export interface CashierView {
  action: string;
  merchant: string;
  description: string;
  totalFen: number;
  /** Hidden fields the form posts back (the H5 redirect_url). */
  hidden: Record<string, string>;
}

/** 确认支付 / 取消: two plain forms posting `action` to the page's own URL. */
export function cashierPage(view: CashierView): string {
  const hidden = Object.entries(view.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const form = (value: string, label: string, cls: string) =>
    `<form method="post" action="${escapeHtml(view.action)}">${hidden}` +
    `<input type="hidden" name="action" value="${value}"><button type="submit" class="${cls}">${label}</button></form>`;
  return page(
    '微信支付',
    `<p class="merchant">${escapeHtml(view.merchant)}</p>` +
      `<p class="desc">${escapeHtml(view.description)}</p>` +
      `<p class="amount"><small>¥</small>${yuan(view.totalFen)}</p>` +
      form('confirm', '确认支付', 'pay') +
      form('cancel', '取消', 'cancel') +
      '<p class="note">本地模拟收银台，不会产生真实扣款</p>',
  );
}

/** A page that only says what happened (paid, cancelled, closed, expired, unknown). */
export function statePage(title: string, message: string): string {
  return page(title, `<p class="state">${escapeHtml(title)}</p><p class="note">${escapeHtml(message)}</p>`);
}

export interface TransferView {
  action: string;
  merchant: string;
  remark: string;
  amountFen: number;
}

/** The payee's side of a merchant transfer (what wx.requestMerchantTransfer shows): 确认收款. */
export function transferPage(view: TransferView): string {
  return page(
    '确认收款',
    `<p class="merchant">${escapeHtml(view.merchant)} 向你转账</p>` +
      `<p class="desc">${escapeHtml(view.remark)}</p>` +
      `<p class="amount"><small>¥</small>${yuan(view.amountFen)}</p>` +
      `<form method="post" action="${escapeHtml(view.action)}"><input type="hidden" name="action" value="confirm">` +
      '<button type="submit" class="pay">确认收款</button></form>' +
      '<p class="note">本地模拟确认收款页，不会产生真实转账</p>',
  );
}
