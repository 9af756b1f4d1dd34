/**
 * The stylesheet of the detail and comment pages. It follows mf-auth's house style: the shell's CSS variables
 * (light/dark) with the light theme's values as fallbacks, primary blue, PC from 1200 px (two columns) and a
 * single column with a bottom action area on phones. Every class starts with `dt-` (not `ad-`: the shell styles its ads as `.ad-*`, and ad blockers hide such names).
 */
const P = 'var(--primary,#1677ff)';
const BG = 'var(--bg,#f5f7fa)';
const FG = 'var(--fg,#1f2329)';
const MUTED = 'var(--muted,#5c6370)';
const CARD = 'var(--card,#fff)';
const LINE = 'var(--line,#e5e8ef)';
const LINK = 'var(--link,#0958d9)';
// white on the plain primary is 4.1:1; buttons use the strong shade (6:1)
const P_STRONG = 'var(--primary-strong,#0958d9)';
const HOVER = 'var(--hover,#f0f5ff)';
const BAD = '#cf1322';
const FONT = `-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif`;

export const DETAIL_CSS = `
.dt-page,.dt-overlay{font-family:${FONT};color:${FG};line-height:1.65}
.dt-page *,.dt-overlay *{box-sizing:border-box}
.dt-page{max-width:1200px;margin:0 auto;padding:16px 20px 48px}
.dt-muted{color:${MUTED}}
.dt-card{background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:20px 24px;margin-bottom:16px;box-shadow:0 2px 12px rgba(15,35,95,.04)}
.dt-section-title{margin:0 0 12px;font-size:17px;font-weight:600;display:flex;align-items:center;gap:6px}
.dt-section-title::before{content:"";width:4px;height:16px;border-radius:2px;background:${P}}
.dt-crumbs{font-size:13px;color:${MUTED};margin:0 0 12px}
.dt-crumbs a{color:${MUTED};text-decoration:none}.dt-crumbs a:hover{color:${P}}
.dt-layout{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:20px;align-items:start}
.dt-side{position:sticky;top:72px}
.dt-head{display:grid;grid-template-columns:auto minmax(0,1fr);gap:4px 18px;align-items:start}
.dt-head>.dt-facts{grid-column:2}
.dt-head-main{flex:1;min-width:0}
.dt-title{margin:0 0 8px;font-size:24px;line-height:1.35;font-weight:600;word-break:break-word}
.dt-byline{display:flex;flex-wrap:wrap;gap:6px 16px;font-size:13px;color:${MUTED}}
.dt-byline a{color:${LINK};text-decoration:none}
.dt-status{color:#ad4e00;background:#fff7e6;border-radius:4px;padding:0 6px}
.dt-rating-row{display:flex;align-items:center;gap:12px;margin:10px 0}
.dt-stars{display:inline-flex;align-items:center;gap:8px}
.dt-star{color:${LINE};font-size:17px;letter-spacing:1px}.dt-star-on{color:#fadb14}
.dt-rating-text{font-size:13px;color:#874d00}
.dt-tag{font-size:12px;border-radius:4px;padding:1px 8px}
.dt-tag-free{color:#237804;background:#f6ffed;border:1px solid #b7eb8f}
.dt-tag-paid{color:#ad4e00;background:#fff7e6;border:1px solid #ffd591}
.dt-facts{display:flex;flex-wrap:wrap;gap:0;margin:0;border:1px solid ${LINE};border-radius:8px;overflow:hidden}
.dt-facts>div{flex:1 1 0;min-width:72px;padding:8px 10px;text-align:center;border-right:1px solid ${LINE}}
.dt-facts>div:last-child{border-right:0}
.dt-facts dt{font-size:12px;color:${MUTED}}.dt-facts dd{margin:0;font-weight:600;font-size:15px}
.dt-icon{display:inline-flex;align-items:center;justify-content:center;flex:none;color:#fff;font-weight:700;border-radius:8px;letter-spacing:.5px;
  font-family:Arial,sans-serif}
.dt-icon-md{width:56px;height:68px;font-size:14px;border-top-right-radius:18px}
.dt-icon-sm{width:30px;height:36px;font-size:9px;border-radius:5px;border-top-right-radius:10px}
.dt-summary p{margin:0;color:${FG}}
.dt-actions{display:flex;gap:10px;margin:0 0 16px}
.dt-action{display:inline-flex;align-items:center;gap:6px;min-height:40px;padding:0 16px;border:1px solid ${LINE};border-radius:20px;background:${CARD};
  color:${FG};font:inherit;font-size:14px;cursor:pointer}
.dt-action:hover{border-color:${P};color:${P}}
.dt-action-on{color:${P};border-color:${P};background:${HOVER}}
.dt-ico{font-size:16px;line-height:1}.dt-num{color:${MUTED};font-size:12px}
.dt-btn{display:inline-flex;align-items:center;justify-content:center;min-height:40px;padding:0 18px;border:1px solid ${LINE};border-radius:8px;
  background:${CARD};color:${FG};font:inherit;font-size:14px;cursor:pointer;text-decoration:none;transition:filter .15s}
.dt-btn:hover:not(:disabled){border-color:${P};color:${P}}
.dt-primary{background:${P_STRONG};border-color:${P_STRONG};color:#fff;font-weight:600}
.dt-primary:hover:not(:disabled){filter:brightness(1.08);color:#fff}
.dt-btn:disabled{opacity:.55;cursor:not-allowed}
.dt-block{width:100%}
.dt-link{border:0;background:none;padding:2px 4px;color:${LINK};font:inherit;font-size:13px;cursor:pointer}
.dt-link:hover{text-decoration:underline}.dt-danger{color:${BAD}}
.dt-page :focus-visible,.dt-overlay :focus-visible{outline:2px solid ${P};outline-offset:2px}
.dt-download{display:flex;flex-direction:column;gap:10px}
.dt-download-btn{min-height:46px;font-size:16px;letter-spacing:2px}
.dt-quota{margin:0;font-size:14px;color:${MUTED}}.dt-quota strong{color:${LINK};font-size:18px}
.dt-price{color:#cf1322;font-weight:700;font-size:18px}
.dt-pay{border:1px solid #ffd591;background:#fff7e6;color:#873800;border-radius:8px;padding:12px;display:flex;flex-direction:column;gap:8px}
.dt-pay p{margin:0}
.dt-pay-actions{display:flex;gap:8px;flex-wrap:wrap}.dt-pay-actions .dt-btn{flex:1}
.dt-download-compact{flex-direction:row;align-items:center;flex-wrap:wrap;justify-content:flex-end}
.dt-download-compact .dt-download-btn{min-height:34px;font-size:14px;letter-spacing:0;padding:0 14px}
.dt-download-compact .dt-pay{flex-basis:100%}
.dt-preview{padding:0;overflow:hidden}
.dt-pdf{padding:12px 24px 20px;background:${BG}}
.dt-pdf-bar{display:flex;align-items:center;justify-content:space-between;gap:12px;margin:0 0 12px;font-size:13px;color:${MUTED}}
.dt-pdf-bar a{color:${LINK};text-decoration:none}.dt-pdf-bar a:hover{text-decoration:underline}
.dt-pdf-pages{list-style:none;margin:0;padding:0}
.dt-pdf-item{margin:0 0 16px}.dt-pdf-item:last-child{margin-bottom:0}
.dt-pdf-page{position:relative;width:100%;overflow:hidden;background:#fff;border:1px solid ${LINE};box-shadow:0 1px 6px rgba(0,0,0,.08)}
.dt-pdf-page canvas{position:absolute;inset:0;display:block;width:100%;height:100%}
.dt-pdf-page[data-state=idle],.dt-pdf-page[data-state=rendering]{background:linear-gradient(90deg,#fff 25%,#f3f5f9 50%,#fff 75%);background-size:200% 100%;animation:dt-shimmer 1.2s infinite}
/* pdf.js's text layer (its viewer's .textLayer rules): transparent text placed by --total-scale-factor and per-span variables */
.dt-pdf-page{--scale-round-x:1px;--scale-round-y:1px}
.dt-pdf-text{position:absolute;inset:0;overflow:clip;line-height:1;text-align:initial;letter-spacing:normal;word-spacing:normal;
  -webkit-text-size-adjust:none;text-size-adjust:none;forced-color-adjust:none;transform-origin:0 0;z-index:0;
  --min-font-size:1;--text-scale-factor:calc(var(--total-scale-factor) * var(--min-font-size));--min-font-size-inv:calc(1 / var(--min-font-size))}
.dt-pdf-text :is(span,br){color:transparent;position:absolute;white-space:pre;cursor:text;transform-origin:0% 0%;-webkit-user-select:text;user-select:text}
.dt-pdf-text>:not(.markedContent),.dt-pdf-text .markedContent span:not(.markedContent){z-index:1;--font-height:0;
  font-size:calc(var(--text-scale-factor) * var(--font-height));--scale-x:1;--rotate:0deg;
  transform:rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv))}
.dt-pdf-text .markedContent{display:contents}
.dt-pdf-text ::selection{background:rgba(22,119,255,.3);color:transparent}.dt-pdf-text br::selection{background:transparent}
.dt-pdf-plain{position:absolute;inset:0;padding:7% 8%;overflow:hidden;white-space:pre-line;word-break:break-word;font-size:clamp(12px,1.6vw,16px);line-height:1.7;color:#333;background:#fff}
.dt-pdf-plain~span.dt-pdf-state{display:none}
.dt-pdf-state{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:10px;font-size:13px;color:#5c6370}
.dt-pdf-no{margin-top:4px;text-align:center;font-size:12px;color:${MUTED}}
.dt-pdf-failed{display:flex;flex-direction:column;align-items:center;gap:12px;padding:32px 16px;text-align:center}
.dt-reader{padding:8px 0}
.dt-reader-page{position:relative;margin:0 24px 16px;padding:28px 36px;border:1px solid ${LINE};border-radius:6px;background:${CARD};
  box-shadow:0 1px 6px rgba(0,0,0,.06);min-height:240px}
.dt-reader>.dt-btn{margin:0 24px 16px;width:calc(100% - 48px)}
.dt-page-no{position:absolute;right:14px;bottom:8px;font-size:12px;color:${MUTED}}
.dt-plain{white-space:pre-wrap;word-break:break-word;font-size:16px;line-height:1.9}
.dt-preview-limit{display:flex;flex-direction:column;align-items:center;gap:4px;padding:18px;border-top:1px dashed ${LINE};
  background:linear-gradient(${CARD},${HOVER});text-align:center}
.dt-preview-limit strong{color:${LINK};font-size:16px}
.dt-md{font-size:16px;line-height:1.85;word-break:break-word}
.dt-md h1,.dt-md h2,.dt-md h3,.dt-md h4{line-height:1.4;margin:1.2em 0 .6em}
.dt-md h1{font-size:24px}.dt-md h2{font-size:20px;padding-bottom:6px;border-bottom:1px solid ${LINE}}.dt-md h3{font-size:17px}
.dt-md p{margin:.7em 0}.dt-md a{color:${LINK}}
.dt-md blockquote{margin:1em 0;padding:8px 16px;border-left:4px solid ${P};background:${HOVER};color:${FG};border-radius:0 6px 6px 0}
.dt-md pre{background:#1f2329;color:#e8e8e8;padding:14px 16px;border-radius:8px;overflow:auto;font-size:14px}
.dt-md code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
.dt-md :not(pre)>code{background:${HOVER};padding:1px 5px;border-radius:4px}
.dt-md img{max-width:100%;height:auto;border-radius:6px}
.dt-md ul,.dt-md ol{padding-left:1.6em}
.dt-md hr{border:0;border-top:1px solid ${LINE};margin:1.5em 0}
.dt-skeleton{height:120px;margin:16px;border-radius:8px;background:linear-gradient(90deg,${LINE} 25%,${HOVER} 50%,${LINE} 75%);background-size:200% 100%;
  animation:dt-shimmer 1.2s infinite}
.dt-skeleton-title{height:32px;width:60%}
@keyframes dt-shimmer{to{background-position:-200% 0}}
@media (prefers-reduced-motion:reduce){.dt-skeleton,.dt-pdf-page{animation:none!important}}
.dt-state{text-align:center;padding:48px 24px}.dt-state .dt-btn{margin-top:16px}
.dt-empty{color:${MUTED};text-align:center;padding:20px 0;margin:0}
.dt-error{color:${BAD};font-size:13px;margin:0}
.dt-doc-list{list-style:none;margin:0;padding:0}
.dt-doc-row{display:flex;gap:10px;padding:10px 0;border-bottom:1px solid ${LINE}}.dt-doc-row:last-child{border-bottom:0}
.dt-doc-row-main{min-width:0;display:flex;flex-direction:column}
.dt-doc-row-title{color:${FG};text-decoration:none;font-size:14px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.dt-doc-row-title:hover{color:${P}}
.dt-doc-row-meta{font-size:12px}
.dt-comment-form{margin-bottom:8px}
.dt-textarea,.dt-input{width:100%;border:1px solid ${LINE};border-radius:8px;background:${BG};color:${FG};font:inherit;font-size:14px;padding:10px 12px;outline:none}
.dt-textarea{resize:vertical;min-height:84px}
.dt-textarea:focus,.dt-input:focus{border-color:${P};background:${CARD}}
.dt-input{height:40px}
.dt-comment-form-foot{display:flex;align-items:center;gap:12px;margin-top:8px}
.dt-comment-form-foot .dt-btn{margin-left:auto}
.dt-count{font-size:12px;color:${MUTED}}.dt-over{color:${BAD}}
.dt-comment-list{list-style:none;margin:0;padding:0}
.dt-comment{display:flex;gap:12px;padding:14px 0;border-bottom:1px solid ${LINE}}.dt-comment:last-child{border-bottom:0}
.dt-avatar{flex:none;width:36px;height:36px;border-radius:50%;background:${HOVER};color:${P};display:inline-flex;align-items:center;justify-content:center;font-weight:600}
.dt-comment-body{flex:1;min-width:0}
.dt-comment-head{display:flex;gap:10px;align-items:baseline;font-size:13px}
.dt-uname{font-weight:600}
.dt-comment-text{margin:4px 0 2px;white-space:pre-wrap;word-break:break-word}
.dt-confirm{font-size:13px;color:${MUTED}}
.dt-more-link{display:block;text-align:center;padding:12px 0 0;color:${LINK};text-decoration:none;font-size:14px}
.dt-count-badge{font-size:14px;font-weight:400}
.dt-appendix{list-style:none;margin:0;padding:0}
.dt-appendix li{display:flex;align-items:center;gap:12px;padding:10px 0;border-bottom:1px solid ${LINE};flex-wrap:wrap}
.dt-appendix li:last-child{border-bottom:0}
.dt-appendix-name{flex:1;min-width:160px;word-break:break-all}
.dt-author{display:flex;align-items:center;gap:12px}
.dt-overlay{position:fixed;inset:0;z-index:1000;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;padding:16px}
.dt-dialog{width:100%;max-width:440px;max-height:90vh;overflow:auto;background:${CARD};border-radius:12px;padding:20px 24px;box-shadow:var(--shadow,0 8px 24px rgba(15,23,42,.16))}
.dt-dialog-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:12px}
.dt-dialog-head h2{margin:0;font-size:18px}
.dt-close{border:0;background:none;font-size:24px;line-height:1;color:${MUTED};cursor:pointer;min-width:40px;min-height:40px}
.dt-dialog-foot{display:flex;justify-content:flex-end;gap:10px;margin-top:16px}
.dt-folders{list-style:none;margin:0 0 12px;padding:0;max-height:240px;overflow:auto}
.dt-folder{display:flex;align-items:center;gap:10px;padding:10px 12px;border:1px solid ${LINE};border-radius:8px;margin-bottom:8px;cursor:pointer}
.dt-folder>span:nth-child(2){flex:1}
.dt-folder-on{border-color:${P};background:${HOVER}}
.dt-row{display:flex;gap:8px}
.dt-form{display:flex;flex-direction:column;gap:10px}
.dt-label{font-size:14px;font-weight:600}
.dt-reasons{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.dt-reasons legend{font-size:14px;font-weight:600;margin-bottom:8px;padding:0}
.dt-chip{display:inline-flex;align-items:center;padding:4px 14px;border:1px solid ${LINE};border-radius:16px;font-size:13px;cursor:pointer}
.dt-chip input{position:absolute;opacity:0;pointer-events:none}
.dt-chip-on{border-color:${P};color:${P};background:${HOVER}}
.dt-comments-page{max-width:880px}
.dt-blog-meta{display:flex;flex-wrap:wrap;gap:6px 16px;font-size:13px;color:${MUTED};margin-bottom:8px}
@media (max-width:1199px){
  .dt-page{padding:0 0 88px}
  .dt-layout{grid-template-columns:minmax(0,1fr);gap:0}
  .dt-side{position:static}
  .dt-crumbs{padding:10px 16px 0;margin:0 0 8px}
  .dt-card{border-radius:0;border-left:0;border-right:0;margin-bottom:10px;padding:16px;box-shadow:none}
  .dt-title{font-size:20px}
  .dt-icon-md{width:44px;height:54px;font-size:12px}
  .dt-actions{padding:0 16px;margin-bottom:10px}
  .dt-action{flex:1;justify-content:center;padding:0 8px}
  .dt-reader-page{margin:0 0 10px;padding:18px 16px;border-left:0;border-right:0;border-radius:0;box-shadow:none}
  .dt-reader>.dt-btn{margin:0 16px 12px;width:calc(100% - 32px)}
  .dt-preview-pdf{padding:0}.dt-pdf{padding:10px 0 12px}.dt-pdf-bar{padding:0 12px}.dt-pdf-item{margin-bottom:10px}
  .dt-pdf-page{border-left:0;border-right:0}
  .dt-facts>div{min-width:0;padding:6px 2px}.dt-facts dd{font-size:14px;white-space:nowrap}
  .dt-head{gap:4px 12px}.dt-head>.dt-facts{grid-column:1/-1;margin-top:6px}
  .dt-overlay{align-items:flex-end;padding:0}
  .dt-dialog{max-width:none;border-radius:16px 16px 0 0}
}
`;
