/**
 * mf-pay's stylesheet, on the shell's CSS variables (--primary, --bg, --fg, --muted, --card, --line) with the
 * light theme's values as fallbacks, so dark mode follows. Every class starts with `mp-`. One column on phones,
 * the checkout beside the choices from 900 px; nothing is wider than a 320 px screen.
 */
const P = 'var(--primary,#1677ff)';
const PS = 'var(--primary-strong,#0958d9)';
const LINK = 'var(--link,#0958d9)';
const BG = 'var(--bg,#f5f7fa)';
const FG = 'var(--fg,#1f2329)';
const MUTED = 'var(--muted,#5c6370)';
const CARD = 'var(--card,#fff)';
const LINE = 'var(--line,#e5e8ef)';
/** Prices in the red-orange Chinese shops use; #d4380d on white is 4.9:1. */
const PRICE = '#d4380d';
const FONT = `-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif`;

export const PAY_CSS = `
.mp-page{font-family:${FONT};color:${FG};line-height:1.6;max-width:1200px;margin:0 auto;padding:16px 16px 40px;box-sizing:border-box;min-width:0}
.mp-page *{box-sizing:border-box}
.mp-sr-only{position:absolute!important;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.mp-title{margin:0 0 16px;font-size:22px;font-weight:600}
.mp-h2{display:flex;align-items:baseline;justify-content:space-between;gap:8px;margin:0 0 12px;font-size:17px;font-weight:600}
.mp-muted{color:${MUTED}}
.mp-card{background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:16px;margin:0 0 16px;min-width:0;overflow-wrap:anywhere}
.mp-layout{display:flex;flex-direction:column;gap:0}
.mp-main,.mp-side{min-width:0}
@media (min-width:900px){.mp-layout{flex-direction:row;gap:20px;align-items:flex-start}.mp-main{flex:1}.mp-side{width:360px;flex:none;position:sticky;top:72px}}
@media (max-width:480px){.mp-page{padding:12px 10px 32px}.mp-card{padding:14px 12px;border-radius:10px}.mp-title{font-size:19px}}

.mp-btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 18px;border:1px solid ${LINE};border-radius:8px;
  background:${CARD};color:${FG};font:inherit;font-size:15px;cursor:pointer;text-decoration:none;max-width:100%}
.mp-btn:disabled{opacity:.6;cursor:default}
.mp-primary{background:${PS};border-color:${PS};color:#fff}
.mp-primary:hover:not(:disabled){filter:brightness(1.08)}
.mp-big{width:100%;min-height:52px;font-size:18px;font-weight:600}
.mp-small-btn{min-height:36px;padding:0 14px;font-size:14px}
.mp-link{padding:0;border:0;background:none;color:${LINK};font:inherit;cursor:pointer;text-decoration:none}
.mp-link:hover{text-decoration:underline}
.mp-small,.mp-link.mp-small{font-size:13px;font-weight:400}
.mp-btn:focus-visible,.mp-link:focus-visible,.mp-option:focus-visible,.mp-method:focus-within{outline:2px solid ${P};outline-offset:2px}

.mp-option{position:relative;display:flex;flex-direction:column;align-items:flex-start;gap:2px;width:100%;height:100%;padding:14px;
  border:1.5px solid ${LINE};border-radius:10px;background:${CARD};color:${FG};font:inherit;text-align:left;cursor:pointer}
.mp-option[aria-pressed="true"]{border-color:${P};background:color-mix(in srgb,${P} 6%,${CARD})}
.mp-option-kicker{font-size:13px;color:${MUTED}}
.mp-doc-title{font-weight:600;overflow-wrap:anywhere}
.mp-price{color:${PRICE};font-size:22px;font-weight:700;line-height:1.3}
.mp-packages{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,200px),1fr));gap:12px}
.mp-package-name{font-size:16px;font-weight:600;padding-right:40px}
.mp-price-line{display:flex;align-items:baseline;gap:8px;flex-wrap:wrap}
.mp-original{color:${MUTED};font-size:13px}
.mp-package-meta,.mp-package-scope,.mp-package-desc{font-size:13px;color:${MUTED}}
.mp-unit{font-size:13px;color:${PRICE}}
.mp-badge{position:absolute;top:-1px;right:-1px;padding:1px 8px;border-radius:0 10px 0 8px;background:${PRICE};color:#fff;font-size:12px}

.mp-checkout-title{margin:0 0 10px;font-weight:600}
.mp-methods{border:0;margin:0 0 12px;padding:0;min-width:0}
.mp-label{padding:0;margin-bottom:8px;font-size:14px;color:${MUTED}}
.mp-method-row{display:flex;gap:10px;flex-wrap:wrap}
.mp-method{flex:1 1 120px;display:flex;align-items:center;gap:6px;min-height:48px;padding:0 8px;white-space:nowrap;border:1.5px solid ${LINE};border-radius:8px;cursor:pointer}
.mp-method[data-checked]{border-color:${P}}
.mp-method input{margin:0;accent-color:${P}}
.mp-method-icon{display:inline-flex;align-items:center;justify-content:center;width:24px;height:24px;border-radius:6px;color:#fff;font-size:13px}
.mp-method-wxpay .mp-method-icon{background:#07a046}
.mp-method-alipay .mp-method-icon{background:#1677ff}
.mp-hint{margin:8px 0 0;font-size:13px;color:${MUTED}}
.mp-pay-bar{display:flex;flex-direction:column;gap:10px}
.mp-amount{margin:0;display:flex;align-items:baseline;gap:8px;color:${MUTED}}
.mp-amount strong{color:${PRICE};font-size:24px}
.mp-pay-btn{width:100%}

.mp-qr-box{display:flex;flex-direction:column;align-items:center;gap:6px;text-align:center;padding:8px 0}
.mp-qr{display:block;max-width:100%;height:auto;border:1px solid ${LINE};border-radius:8px;background:#fff}
.mp-qr-loading{background:${BG}}
.mp-qr-title{margin:4px 0 0;font-size:16px;font-weight:600}
.mp-qr-box>.mp-muted{margin:0}
.mp-qr-actions{display:flex;gap:16px;flex-wrap:wrap;justify-content:center}
.mp-qr-expired{padding:24px 0}

.mp-mine-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.mp-mine-item{display:flex;flex-wrap:wrap;gap:4px 12px;padding:8px 0;border-bottom:1px solid ${LINE}}
.mp-mine-item:last-child{border-bottom:0}
.mp-mine-name{font-weight:600}
.mp-mine-item:not([data-active]){opacity:.65}

.mp-download{display:flex;flex-direction:column;gap:10px;align-items:stretch;max-width:520px}
.mp-download p{margin:0}
.mp-return{text-align:center}
.mp-error p{margin:0 0 8px}

.mp-orders{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.mp-order{background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:14px 16px;min-width:0}
.mp-order-head{display:flex;align-items:center;gap:8px;min-width:0}
.mp-order-type{flex:none;padding:0 6px;border-radius:4px;background:${BG};color:${MUTED};font-size:12px}
.mp-order-title{flex:1;min-width:0;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.mp-state{flex:none;font-size:13px;font-weight:600}
.mp-state-created,.mp-state-paying{color:#ad6800}
.mp-state-paid{color:#237804}
.mp-state-closed{color:${MUTED}}
.mp-state-refunding,.mp-state-refunded{color:#a8071a}
.mp-order-meta{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,230px),1fr));gap:4px 16px;margin:10px 0 0;font-size:13px}
.mp-order-meta div{display:flex;gap:6px;min-width:0}
.mp-order-meta dt{color:${MUTED};flex:none}
.mp-order-meta dd{margin:0;min-width:0;overflow-wrap:anywhere}
.mp-order-no{white-space:nowrap}
@media (min-width:600px){.mp-order-meta div:has(>.mp-order-no){grid-column:span 2}}
.mp-order-amount{color:${PRICE};font-weight:600}
.mp-order-amount-void{color:${MUTED};font-weight:400;text-decoration:line-through}
.mp-order-actions{display:flex;justify-content:flex-end;align-items:center;gap:16px;margin-top:8px}
.mp-order-actions:empty{display:none}
.mp-empty{text-align:center;padding:32px 16px}
.mp-coin-pay{width:100%;margin-top:10px;border-color:#d48806;color:#874d00;white-space:normal;text-align:center}

.mp-narrow{max-width:640px;margin:0 auto}
.mp-page-narrow{max-width:672px}
.mp-h3{margin:12px 0 6px;font-size:15px;font-weight:600}
.mp-quote-main{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px;margin:0 0 8px}
.mp-quote-main strong{font-size:24px;color:${PS}}
.mp-quote-buckets,.mp-quote-rules,.mp-reasons ul{margin:0;padding-left:1.2em;font-size:14px}
.mp-quote-buckets{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px;margin-bottom:8px}
.mp-reasons ul{color:#ad6800}
.mp-form{display:flex;flex-direction:column;gap:14px}
.mp-form .mp-methods{margin:0}
.mp-proof-choice{display:flex;gap:16px;margin:4px 0 8px;flex-wrap:wrap}
.mp-proof-option{display:inline-flex;align-items:center;gap:6px;font-size:14px;cursor:pointer}
.mp-field{display:flex;flex-direction:column;gap:4px;min-width:0}
.mp-field-label{font-size:14px;color:${MUTED}}
.mp-field-row{display:flex;gap:8px;min-width:0}
.mp-input{flex:1;min-width:0;width:100%;min-height:44px;padding:0 12px;border:1px solid ${LINE};border-radius:8px;background:${CARD};color:${FG};font:inherit;font-size:16px}
.mp-input:focus-visible{outline:2px solid ${P};outline-offset:1px}
.mp-input[aria-invalid="true"]{border-color:#a8071a}
.mp-field-error{margin:0;font-size:13px;color:#a8071a}
.mp-fee-line{margin:-6px 0 0;font-size:14px;color:${MUTED}}
.mp-fee-line strong{color:${PRICE}}
.mp-method[data-disabled]{opacity:.55;cursor:not-allowed}
.mp-wstate-requested,.mp-wstate-approved,.mp-wstate-paying,.mp-wstate-wait_user_confirm{color:#ad6800}
.mp-wstate-success{color:#237804}
.mp-wstate-failed,.mp-wstate-rejected{color:#a8071a}
.mp-wstate-cancelled{color:${MUTED}}
.mp-reason{margin:8px 0 0;font-size:13px;color:#a8071a}
.mp-order-actions{flex-wrap:wrap}
.mp-cancel-ask{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
`;
