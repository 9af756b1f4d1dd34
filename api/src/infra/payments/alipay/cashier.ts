/**
 * The simulated Alipay cashier's pages: plain HTML with inline styles and forms, no script and no external assets,
 * readable from 375 px phones to 1280 px desktops.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#333}
header{background:#1677ff;color:#fff;padding:12px 16px;font-size:18px}
main{box-sizing:border-box;width:calc(100% - 24px);max-width:480px;margin:24px auto;padding:24px 16px;background:#fff;border-radius:8px}
.amount{font-size:32px;font-weight:600;text-align:center;margin:8px 0}
.subject{text-align:center;color:#666;word-break:break-all}
.actions{display:flex;gap:12px;margin-top:24px}
form{flex:1;margin:0}
button{width:100%;min-height:44px;border:0;border-radius:6px;font-size:16px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.cancel{background:#eee;color:#333}
.note{text-align:center;color:#999;font-size:13px;margin-top:16px}
</style></head>
<body><header>支付宝 · 模拟收银台</header><main>${body}</main></body></html>`;
}

export interface CashierView {
  token: string;
  amountYuan: string;
  subject: string;
  outTradeNo: string;
}

export function cashierPage(view: CashierView): string {
  const t = encodeURIComponent(view.token);
  return page(
    '支付宝收银台',
    `<p class="amount">¥${escapeHtml(view.amountYuan)}</p>
<p class="subject">${escapeHtml(view.subject)}</p>
<div class="actions">
<form method="post" action="/cashier/${t}/pay"><button class="pay" type="submit">确认付款</button></form>
<form method="post" action="/cashier/${t}/cancel"><button class="cancel" type="submit">取消</button></form>
</div>
<p class="note">订单号 ${escapeHtml(view.outTradeNo)}（本地模拟，不会产生真实扣款）</p>`,
  );
}

/** A result page: 支付成功, 交易已关闭, an error of the gateway… with an optional way back to the merchant. */
export function messagePage(title: string, message: string, backUrl?: string): string {
  const back = backUrl ? `<p class="note"><a href="${escapeHtml(backUrl)}">返回商户</a></p>` : '';
  return page(title, `<p class="amount">${escapeHtml(title)}</p><p class="subject">${escapeHtml(message)}</p>${back}`);
}
