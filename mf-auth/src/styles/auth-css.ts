/**
 * mf-auth's stylesheet. It uses the shell's CSS variables (--primary, --bg, --fg, --muted, --card, --line), with
 * the light theme's values as fallbacks, so the pages and dialogs follow dark mode and still look right on a
 * page without the shell. Every class starts with `ma-`.
 */
const P = 'var(--primary,#1677ff)';
/** Under white text: #1677ff gives 4.1:1, under WCAG's 4.5 (the shell's strong shade, #0958d9, gives 5.9). */
const PS = 'var(--primary-strong,#0958d9)';
/** Blue text: the shell's link colour (#0958d9 light, #4096ff dark), readable on either card. */
const LINK = 'var(--link,#0958d9)';
const BG = 'var(--bg,#f5f7fa)';
const FG = 'var(--fg,#1f2329)';
const MUTED = 'var(--muted,#5c6370)';
const CARD = 'var(--card,#fff)';
const LINE = 'var(--line,#e5e8ef)';
const OK = '#52c41a';
const BAD = '#ff4d4f';
const FONT = `-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif`;

export const AUTH_CSS = `
.ma-root,.ma-page,.ma-overlay{font-family:${FONT};color:${FG};line-height:1.6}
.ma-root *,.ma-page *,.ma-overlay *{box-sizing:border-box}
.ma-sr-only{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.ma-muted{color:${MUTED}}
html.ma-modal-open,html.ma-modal-open body{overflow:hidden}

/* Inline pages */
.ma-page{display:flex;justify-content:center;padding:24px 0 40px}
.ma-card{width:100%;max-width:440px;background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:28px 32px 24px;
  box-shadow:0 8px 32px rgba(15,35,95,.06)}
.ma-page-title{margin:0 0 18px;font-size:22px;font-weight:600;text-align:center;letter-spacing:.5px}
@media (max-width:600px){.ma-page{padding:0}.ma-card{border:0;border-radius:0;box-shadow:none;padding:20px 16px}}

/* Tabs */
.ma-tabs{display:flex;gap:4px;border-bottom:1px solid ${LINE};margin-bottom:18px}
.ma-tab{flex:1;min-height:44px;border:0;border-bottom:2px solid transparent;margin-bottom:-1px;background:none;color:${MUTED};
  font:inherit;font-size:15px;cursor:pointer;transition:color .15s,border-color .15s}
.ma-tab:hover{color:${FG}}
.ma-tab[aria-selected="true"]{color:${LINK};border-bottom-color:${P};font-weight:600}
.ma-panel-subtitle{margin:0 0 16px;color:${MUTED};text-align:center}

/* Forms */
.ma-form{display:flex;flex-direction:column;gap:14px}
.ma-field{display:flex;flex-direction:column;gap:4px;position:relative}
.ma-control{display:flex;align-items:center;min-height:46px;border:1px solid ${LINE};border-radius:8px;background:${BG};
  transition:border-color .15s,box-shadow .15s}
.ma-control:focus-within{border-color:${P};box-shadow:0 0 0 3px color-mix(in srgb,${P} 18%,transparent);background:${CARD}}
.ma-control.ma-invalid,.ma-code.ma-invalid .ma-code-box{border-color:${BAD}}
.ma-input{flex:1;min-width:0;height:44px;padding:0 14px;border:0;background:transparent;color:${FG};font:inherit;font-size:15px;outline:none}
.ma-input::placeholder{color:${MUTED};opacity:.8}
.ma-field-error{margin:0;color:${BAD};font-size:13px;line-height:1.4}
.ma-hint{margin:-4px 0 0;color:${MUTED};font-size:13px}
.ma-icon-button{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;padding:0 10px;border:0;
  background:none;color:${MUTED};font:inherit;font-size:14px;cursor:pointer;border-radius:6px}
.ma-icon-button:hover{color:${FG}}
.ma-eye{font-size:13px}

/* Buttons */
.ma-primary,.ma-secondary{min-height:44px;padding:0 18px;border-radius:8px;font:inherit;font-size:15px;cursor:pointer;
  transition:filter .15s,opacity .15s}
.ma-primary{border:1px solid ${PS};background:${PS};color:#fff;font-weight:600}
.ma-primary:hover:not(:disabled){filter:brightness(1.08)}
.ma-secondary{border:1px solid ${LINE};background:${CARD};color:${FG}}
.ma-secondary:hover:not(:disabled){border-color:${P};color:${LINK}}
.ma-primary:disabled,.ma-secondary:disabled{opacity:.55;cursor:not-allowed}
.ma-form>.ma-primary{margin-top:4px;width:100%;min-height:46px;letter-spacing:2px}
.ma-block{width:100%}
.ma-link{border:0;background:none;padding:6px 2px;min-height:32px;color:${LINK};font:inherit;font-size:14px;cursor:pointer}
.ma-link:hover{text-decoration:underline}
.ma-link:disabled{color:${MUTED};cursor:not-allowed;text-decoration:none}
.ma-links{display:flex;justify-content:space-between;align-items:center;gap:8px;font-size:14px}
.ma-links-end{justify-content:flex-end}
.ma-root :focus-visible,.ma-page :focus-visible{outline:2px solid ${P};outline-offset:2px}
.ma-control :focus-visible{outline:none}

/* Phone and country picker */
.ma-phone{position:relative}
.ma-country{position:static;display:flex;align-self:stretch}
.ma-country-button{display:inline-flex;align-items:center;gap:6px;min-width:76px;padding:0 12px;border:0;border-right:1px solid ${LINE};
  background:none;color:${FG};font:inherit;font-size:15px;cursor:pointer;border-radius:8px 0 0 8px}
.ma-caret{width:0;height:0;border-left:4px solid transparent;border-right:4px solid transparent;border-top:5px solid ${MUTED}}
.ma-country-panel{position:absolute;left:0;right:0;top:calc(100% + 6px);z-index:20;display:flex;flex-direction:column;max-height:340px;
  background:${CARD};border:1px solid ${LINE};border-radius:10px;box-shadow:0 12px 32px rgba(0,0,0,.16);overflow:hidden}
.ma-country-head{display:flex;align-items:center;justify-content:space-between;padding:4px 4px 0 14px}
.ma-country-search{flex:none;margin:4px 12px 8px;height:38px;border:1px solid ${LINE};border-radius:8px;background:${BG}}
.ma-country-body{position:relative;display:flex;min-height:0;flex:1}
.ma-country-list{flex:1;overflow-y:auto;padding:0 0 8px}
.ma-country-list ul{list-style:none;margin:0;padding:0}
.ma-country-letter{position:sticky;top:0;margin:0;padding:2px 14px;font-size:12px;font-weight:600;color:${MUTED};background:${BG}}
.ma-country-option{display:flex;justify-content:space-between;width:100%;min-height:40px;padding:0 14px;border:0;background:none;
  color:${FG};font:inherit;font-size:14px;cursor:pointer;text-align:left}
.ma-country-option:hover,.ma-country-option[aria-current="true"]{background:color-mix(in srgb,${P} 10%,transparent)}
.ma-country-option[aria-current="true"]{color:${LINK};font-weight:600}
.ma-country-index{display:flex;flex-direction:column;justify-content:flex-start;padding:0 4px 8px;overflow-y:auto}
.ma-country-index button{border:0;background:none;color:${LINK};font:inherit;font-size:11px;line-height:1;padding:2px 4px;min-height:14px;cursor:pointer}
.ma-country-empty{padding:12px 14px;margin:0}

/* Code boxes and the send button */
.ma-code-row{display:flex;gap:10px;align-items:stretch}
.ma-code{position:relative;flex:1;min-width:0;cursor:text}
.ma-code-input{position:absolute;inset:0;width:100%;height:100%;opacity:0;border:0;font-size:16px;z-index:1;cursor:text;
  letter-spacing:1em;caret-color:transparent}
.ma-code-boxes{display:grid;grid-template-columns:repeat(6,1fr);gap:6px;height:46px}
.ma-code-box{display:flex;align-items:center;justify-content:center;border:1px solid ${LINE};border-radius:8px;background:${BG};
  font-size:20px;font-weight:600;font-variant-numeric:tabular-nums;transition:border-color .15s}
.ma-code-box.ma-filled{background:${CARD}}
.ma-code-box.ma-active{border-color:${P};box-shadow:0 0 0 3px color-mix(in srgb,${P} 18%,transparent)}
.ma-send-code{flex:none;min-width:112px;min-height:46px;padding:0 10px;border:1px solid ${P};border-radius:8px;background:${CARD};
  color:${LINK};font:inherit;font-size:14px;cursor:pointer;white-space:nowrap}
.ma-proof{flex:1}
.ma-send-code:disabled{border-color:${LINE};color:${MUTED};cursor:not-allowed;background:${BG}}

/* Agreement */
.ma-check{display:flex;align-items:flex-start;gap:8px;font-size:13px;color:${MUTED};cursor:pointer;line-height:1.5}
.ma-check input{flex:none;width:16px;height:16px;margin:2px 0 0;accent-color:${P};cursor:pointer}
.ma-check a{color:${LINK}}

/* Login image captcha */
.ma-image-captcha-button{flex:none;display:flex;align-items:center;justify-content:center;width:130px;height:44px;margin-right:1px;padding:0;
  border:0;border-left:1px solid ${LINE};background:${CARD};cursor:pointer;border-radius:0 8px 8px 0;overflow:hidden;font-size:12px}
.ma-image-captcha-button img{display:block;width:130px;height:44px;object-fit:cover}

/* Third party */
.ma-third-party{margin-top:18px}
.ma-divider{display:flex;align-items:center;gap:12px;margin:0 0 12px;color:${MUTED};font-size:13px}
.ma-divider::before,.ma-divider::after{content:"";flex:1;height:1px;background:${LINE}}
.ma-third-party-buttons{display:flex;justify-content:center;gap:16px}
.ma-trd{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:0 14px;border:1px solid ${LINE};border-radius:20px;
  background:${CARD};color:${FG};font:inherit;font-size:14px;cursor:pointer}
.ma-trd:hover:not(:disabled){border-color:${P}}
.ma-trd:disabled{opacity:.6;cursor:progress}
.ma-trd-icon{display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:50%;color:#fff;font-size:12px;font-weight:700}
.ma-trd-weixin .ma-trd-icon{background:#07c160}
.ma-trd-alipay .ma-trd-icon{background:#1677ff}

/* QR login */
.ma-qr{display:flex;flex-direction:column;align-items:center;gap:10px;padding:8px 0 4px}
.ma-qr-box{position:relative;display:flex;align-items:center;justify-content:center;width:200px;height:200px;border:1px solid ${LINE};
  border-radius:10px;background:#fff;overflow:hidden}
.ma-qr-box img{display:block;width:180px;height:180px}
.ma-qr-box .ma-muted{font-size:13px}
.ma-qr-cover{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;padding:16px;border:0;
  background:rgba(255,255,255,.94);color:#1f2329;font:inherit;font-size:14px;font-weight:600;cursor:pointer;text-align:center}
.ma-qr-hint{margin:0;font-size:14px}
.ma-qr-app{margin:0;font-size:13px}

/* Logged in */
.ma-logged-in p{margin:0 0 16px;text-align:center}

/* Dialogs */
.ma-overlay{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;padding:12px}
.ma-overlay.ma-layer-top{z-index:1100}
.ma-backdrop{position:absolute;inset:0;background:rgba(0,0,0,.45);animation:ma-fade .18s ease-out}
.ma-dialog{position:relative;display:flex;flex-direction:column;max-height:calc(100vh - 24px);background:${CARD};color:${FG};
  border-radius:14px;box-shadow:0 20px 60px rgba(0,0,0,.3);outline:none}
.ma-popup{animation:ma-pop .2s ease-out}
.ma-dialog-head{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:14px 8px 6px 22px}
.ma-dialog-title{margin:0;font-size:17px;font-weight:600}
.ma-dialog-close{font-size:22px;line-height:1}
.ma-dialog-body{padding:6px 22px 22px;overflow-y:auto}
.ma-dialog-text{margin:0 0 16px;color:${FG};font-size:14px}
.ma-dialog-actions{display:flex;justify-content:flex-end;gap:10px;margin-top:8px}
.ma-overlay-sheet{align-items:flex-end;padding:0}
.ma-sheet{width:100vw;height:100%;max-height:100%;border-radius:0;animation:ma-up .22s ease-out}
.ma-sheet .ma-dialog-head{padding-top:max(10px,env(safe-area-inset-top))}
.ma-sheet .ma-dialog-body{flex:1;padding:8px 16px max(20px,env(safe-area-inset-bottom))}
.ma-disclaimer p{margin:0 0 10px;font-size:14px}
.ma-terms{white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px;line-height:1.7}
.ma-terms p{margin:0 0 10px}
.ma-terms-meta{margin:0 0 12px;font-size:13px}
.ma-app-download{display:flex;flex-direction:column;align-items:center;gap:8px;text-align:center}
.ma-app-download p{margin:0;font-size:14px}
.ma-app-qr{display:flex;align-items:center;justify-content:center;width:180px;height:180px;padding:6px;background:#fff;border:1px solid ${LINE};border-radius:8px}
@keyframes ma-fade{from{opacity:0}to{opacity:1}}
@keyframes ma-pop{from{opacity:0;transform:scale(.96)}to{opacity:1;transform:none}}
@keyframes ma-up{from{transform:translateY(30%);opacity:.6}to{transform:none;opacity:1}}

/* Captcha */
.ma-captcha .ma-dialog-body{padding:4px 20px 16px}
.ma-captcha-body{position:relative}
.ma-captcha-frame{position:relative;width:100%;border-radius:6px;overflow:hidden;background:${BG};user-select:none;-webkit-user-select:none}
.ma-captcha-bg{display:block;width:100%;height:100%;pointer-events:none}
.ma-captcha-piece{position:absolute;top:0;height:100%;pointer-events:none;filter:drop-shadow(0 0 3px rgba(0,0,0,.55))}
.ma-captcha-placeholder{display:flex;align-items:center;justify-content:center;width:100%;aspect-ratio:310/155;border:1px dashed ${LINE};
  border-radius:6px;background:${BG};color:${MUTED};font:inherit;font-size:14px}
button.ma-captcha-placeholder{cursor:pointer;color:${BAD};padding:12px}
.ma-captcha-result{position:absolute;left:0;right:0;bottom:0;padding:6px 10px;color:#fff;font-size:14px;text-align:center;animation:ma-up .15s ease-out}
.ma-result-success{background:rgba(82,196,26,.88)}
.ma-result-failure{background:rgba(255,77,79,.88)}
.ma-result-checking{background:rgba(0,0,0,.5)}
.ma-slider{position:relative;height:40px;margin-top:12px;border:1px solid ${LINE};border-radius:6px;background:${BG};overflow:visible}
.ma-slider-fill{position:absolute;left:0;top:0;bottom:0;border-radius:6px 0 0 6px;background:color-mix(in srgb,${P} 14%,transparent);
  border-right:0}
.ma-slider-text{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;padding-left:50px;color:${MUTED};
  font-size:13px;pointer-events:none;white-space:nowrap}
.ma-slider-handle{position:absolute;top:-1px;height:40px;display:flex;align-items:center;justify-content:center;border-radius:6px;
  background:${PS};color:#fff;font-size:18px;cursor:grab;touch-action:none;box-shadow:0 2px 6px rgba(0,0,0,.18);outline-offset:2px}
.ma-slider-handle:active{cursor:grabbing}
.ma-slider-handle[aria-disabled="true"]{cursor:default}
.ma-slider-ok .ma-slider-handle{background:${OK}}
.ma-slider-ok .ma-slider-fill{background:color-mix(in srgb,${OK} 18%,transparent)}
.ma-slider-fail .ma-slider-handle{background:${BAD}}
.ma-slider-fail .ma-slider-fill{background:color-mix(in srgb,${BAD} 18%,transparent)}
.ma-captcha-instruction{display:flex;align-items:center;gap:8px;min-height:40px;margin:0 0 8px;font-size:14px}
.ma-captcha-thumb{height:40px;width:auto;border-radius:4px;border:1px solid ${LINE}}
.ma-clickable{cursor:crosshair;touch-action:manipulation}
.ma-click-mark{position:absolute;width:24px;height:24px;margin:-12px 0 0 -12px;display:flex;align-items:center;justify-content:center;
  border:2px solid #fff;border-radius:50%;background:${PS};color:#fff;font-size:13px;font-weight:700;pointer-events:none;box-shadow:0 1px 4px rgba(0,0,0,.4)}
.ma-click-cursor{position:absolute;width:22px;height:22px;margin:-11px 0 0 -11px;border:2px dashed #fff;border-radius:50%;
  box-shadow:0 0 0 2px ${P};pointer-events:none}
.ma-captcha-actions{display:flex;justify-content:flex-end;gap:10px;margin-top:10px}
.ma-drag-tile{position:absolute;cursor:grab;touch-action:none;filter:drop-shadow(0 0 3px rgba(0,0,0,.6));outline-offset:1px}
.ma-drag-tile img{display:block;width:100%;height:100%;pointer-events:none}
.ma-drag-tile:active{cursor:grabbing}
.ma-rotate-stage{display:flex;justify-content:center}
.ma-rotate-frame{position:relative;border-radius:50%;overflow:hidden;background:${BG}}
.ma-rotate-img{display:block;width:100%;height:100%;pointer-events:none;transition:transform .05s linear}
.ma-rotate-frame .ma-captcha-result{border-radius:0}
.ma-captcha-tools{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 12px;padding:0 20px 14px}
.ma-captcha-tools .ma-link{font-size:13px;white-space:nowrap}
@media (prefers-reduced-motion:reduce){.ma-backdrop,.ma-popup,.ma-sheet,.ma-captcha-result{animation:none}.ma-rotate-img{transition:none}}
`;
