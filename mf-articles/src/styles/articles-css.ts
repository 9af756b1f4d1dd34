/**
 * mf-articles' stylesheet. It uses the shell's theme variables (--primary, --fg, --muted, --card, --line,
 * --hover, --link), with the light theme's values as fallbacks, so the pages follow dark mode. PC layout from
 * 1200 px, a one-column mobile layout below 768 px. Every class starts with `ar-`.
 */
const P = 'var(--primary,#1677ff)';
/** White text sits on the strong shade: #1677ff gives 4.1:1, under WCAG's 4.5. */
const PS = 'var(--primary-strong,#0958d9)';
const LINK = 'var(--link,#0958d9)';
const FG = 'var(--fg,#1f2329)';
const MUTED = 'var(--muted,#5c6370)';
const CARD = 'var(--card,#fff)';
const LINE = 'var(--line,#e5e8ef)';
const HOVER = 'var(--hover,#f0f5ff)';

export const ARTICLES_CSS = `
.ar-page{color:${FG}}
.ar-page *{box-sizing:border-box}
.ar-page a{color:${LINK}}
.ar-page-title{margin:0 0 4px;font-size:24px;font-weight:600;letter-spacing:.5px}
.ar-page-sub{margin:0 0 20px;color:${MUTED}}
.ar-panel{background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:8px 24px 4px;margin-top:16px}
.ar-panel-title{margin:16px 0 4px;font-size:18px;font-weight:600}
.ar-button{min-height:36px;padding:0 18px;border:1px solid ${PS};border-radius:18px;background:${PS};color:#fff;font:inherit;font-size:14px;cursor:pointer}
.ar-button:hover{filter:brightness(1.08)}
.ar-page :focus-visible{outline:2px solid ${P};outline-offset:2px}

/* Search home */
.ar-hero{display:flex;flex-direction:column;align-items:center;padding:48px 24px 36px;border-radius:16px;text-align:center;
  background:linear-gradient(135deg,color-mix(in srgb,${P} 14%,${CARD}) 0%,${CARD} 70%);border:1px solid ${LINE}}
.ar-hero-title{margin:0;font-size:34px;font-weight:700;letter-spacing:4px;color:${FG}}
.ar-hero-sub{margin:8px 0 24px;color:${MUTED};font-size:15px}
.ar-hero-links{margin:14px 0 0;font-size:14px}

/* Search box */
.ar-search{display:flex;width:100%;max-width:640px;position:relative}
.ar-search-field{position:relative;flex:1;min-width:0}
.ar-search input{width:100%;height:44px;padding:0 16px;border:2px solid ${PS};border-right:0;border-radius:22px 0 0 22px;background:${CARD};
  color:${FG};font:inherit;font-size:16px;outline:none;-webkit-appearance:none;appearance:none}
.ar-page .ar-search input:focus-visible{outline:none;box-shadow:0 0 0 3px color-mix(in srgb,${P} 22%,transparent)}
.ar-search input::-webkit-search-cancel-button{-webkit-appearance:none}
.ar-search input::placeholder{color:${MUTED}}
.ar-search-button{flex:none;height:44px;padding:0 26px;border:2px solid ${PS};border-radius:0 22px 22px 0;background:${PS};color:#fff;
  font:inherit;font-size:16px;font-weight:600;letter-spacing:2px;cursor:pointer}
.ar-search-button:hover{filter:brightness(1.08)}
.ar-search-large input,.ar-search-large .ar-search-button{height:52px}
.ar-search-large input{border-radius:26px 0 0 26px;font-size:17px;padding:0 20px}
.ar-search-large .ar-search-button{border-radius:0 26px 26px 0;padding:0 32px}
.ar-suggest{position:absolute;left:0;right:-90px;top:calc(100% + 4px);z-index:50;margin:0;padding:6px 0;list-style:none;text-align:left;
  background:${CARD};border:1px solid ${LINE};border-radius:10px;box-shadow:0 12px 32px rgba(15,23,42,.14)}
.ar-suggest-item{display:flex;justify-content:space-between;align-items:center;gap:12px;min-height:40px;padding:0 16px;cursor:pointer;
  white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ar-suggest-item:hover,.ar-suggest-item[aria-selected="true"]{background:${HOVER}}
.ar-suggest-kind{flex:none;font-size:12px;color:${MUTED}}

/* Hot keywords */
/* two rows' height reserved before the keywords arrive (no layout shift); on phones one row that scrolls sideways */
.ar-hot{display:flex;flex-wrap:wrap;align-items:center;align-content:center;justify-content:center;gap:8px;margin-top:18px;width:100%;
  max-width:720px;height:68px;overflow:hidden}
.ar-hot-label{flex:none}
.ar-hot-label{color:${MUTED};font-size:14px}
.ar-hot-list{display:contents;list-style:none}
.ar-hot-list li{display:inline-flex}
.ar-hot-item{display:inline-flex;align-items:center;min-height:30px;padding:0 12px;border:1px solid ${LINE};border-radius:15px;background:${CARD};
  color:${FG}!important;font-size:13px;text-decoration:none!important}
.ar-hot-item:hover{border-color:${P};color:${P}!important}
.ar-hot-top{border-color:color-mix(in srgb,#fa541c 40%,${LINE});color:#d4380d!important}

/* Lists */
.ar-list{list-style:none;margin:0;padding:0}
.ar-item{border-bottom:1px solid ${LINE}}
.ar-item:last-child{border-bottom:0}
.ar-item-link{display:flex;gap:16px;padding:16px 4px;color:${FG}!important;text-decoration:none!important;border-radius:8px}
.ar-item-link:hover .ar-item-title{color:${P}}
.ar-item-body{flex:1;min-width:0}
.ar-item-title{margin:0;font-size:17px;font-weight:600;line-height:1.5;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ar-item-summary{margin:4px 0 0;color:${MUTED};font-size:14px;line-height:1.7;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.ar-item-meta{display:flex;flex-wrap:wrap;align-items:center;gap:4px 14px;margin:8px 0 0;color:${MUTED};font-size:13px}
.ar-page mark{background:none;color:#cf1322;font-weight:600}
html[data-theme=dark] .ar-page mark{color:#ff7875}
.ar-star{color:#fadb14}
.ar-tag{display:inline-flex;align-items:center;height:20px;padding:0 6px;border-radius:4px;font-size:12px;line-height:1}
.ar-tag-free{background:color-mix(in srgb,#52c41a 14%,transparent);color:#237804}
.ar-tag-paid{background:color-mix(in srgb,#fa8c16 14%,transparent);color:#ad4e00}
html[data-theme=dark] .ar-tag-free{color:#95de64}
html[data-theme=dark] .ar-tag-paid{color:#ffc069}
.ar-tag-grey{background:color-mix(in srgb,${MUTED} 14%,transparent);color:${MUTED}}
.ar-tag-blog{background:color-mix(in srgb,${P} 12%,transparent);color:${LINK}}
.ar-doc-icon{position:relative;flex:none;display:inline-flex;align-items:flex-end;justify-content:center}
.ar-doc-icon svg{position:absolute;inset:0}
.ar-doc-icon-label{position:relative;margin-bottom:7px;color:#fff;font-size:10px;font-weight:700;letter-spacing:.2px;white-space:nowrap}
.ar-blog-icon{flex:none;display:inline-flex;align-items:center;justify-content:center;width:40px;height:48px;border-radius:6px;
  background:color-mix(in srgb,${P} 14%,${CARD});color:${P};font-weight:700;font-size:18px}
.ar-empty,.ar-error{display:flex;flex-direction:column;align-items:center;gap:8px;padding:48px 16px;color:${MUTED};text-align:center}
.ar-empty p,.ar-error p{margin:0}
.ar-error p{color:#cf1322}
.ar-skeleton{display:flex;gap:16px;padding:16px 4px}
.ar-sk-icon{flex:none;width:40px;height:48px;border-radius:6px;background:${LINE}}
.ar-sk-lines{flex:1;display:flex;flex-direction:column;gap:10px}
.ar-sk-lines span{height:14px;border-radius:7px;background:${LINE};animation:ar-pulse 1.2s ease-in-out infinite}
.ar-sk-lines span:first-child{width:60%;height:18px}.ar-sk-lines span:last-child{width:40%}
@keyframes ar-pulse{50%{opacity:.5}}
@media (prefers-reduced-motion:reduce){.ar-sk-lines span{animation:none}}

/* Filters */
.ar-filters{display:flex;flex-wrap:wrap;gap:10px 28px;padding:14px 0;border-bottom:1px solid ${LINE}}
.ar-filters-row{align-items:center;justify-content:space-between}
.ar-chips{display:flex;flex-wrap:wrap;align-items:center;gap:6px}
.ar-chips-label,.ar-select span{flex:none;white-space:nowrap;color:${MUTED};font-size:14px;margin-right:4px}
.ar-chip{min-height:30px;padding:0 12px;border:1px solid transparent;border-radius:15px;background:none;color:${FG};font:inherit;font-size:14px;cursor:pointer}
.ar-chip:hover{color:${P}}
.ar-chip[aria-pressed="true"]{background:color-mix(in srgb,${P} 12%,transparent);border-color:color-mix(in srgb,${P} 40%,transparent);color:${LINK};font-weight:600}
.ar-select{display:flex;align-items:center;gap:4px}
.ar-select select{min-height:32px;padding:0 8px;border:1px solid ${LINE};border-radius:8px;background:${CARD};color:${FG};font:inherit;font-size:14px}
.ar-result-head{display:flex;align-items:center;gap:24px}
.ar-result-head .ar-page-title{flex:none;margin:0}
.ar-result-count{margin:12px 0 0;color:${MUTED};font-size:14px}
.ar-result-count strong{color:${FG}}
.ar-more-links{display:flex;gap:16px;font-size:14px}

/* Categories */
.ar-breadcrumb{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:8px 0 4px;color:${MUTED};font-size:14px}
.ar-breadcrumb>*+*::before{content:'›';margin-right:6px;color:${MUTED}}
.ar-cat-head{margin-top:4px}
.ar-cat-head-empty{min-height:96px}
.ar-cat-name{margin:6px 0 0;font-size:20px}
.ar-cat-desc{margin:4px 0 0;color:${MUTED}}
.ar-cat-counts{display:flex;gap:16px;margin:6px 0 0;color:${MUTED};font-size:13px}
.ar-subcats{display:flex;flex-wrap:wrap;gap:8px;margin-top:14px}
.ar-subcat{display:inline-flex;align-items:center;min-height:32px;padding:0 14px;border:1px solid ${LINE};border-radius:16px;background:${CARD};
  color:${FG}!important;font-size:14px;text-decoration:none!important}
.ar-subcat:hover{border-color:${P};color:${P}!important}
.ar-cat-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:16px}
.ar-cat-card{background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:18px 20px;transition:box-shadow .15s,border-color .15s}
.ar-cat-card:hover{border-color:color-mix(in srgb,${P} 40%,${LINE});box-shadow:0 8px 24px rgba(15,23,42,.08)}
.ar-cat-card-title{margin:0;font-size:18px}
.ar-cat-card-title a{color:${FG}!important}
.ar-cat-card-title a:hover{color:${P}!important;text-decoration:none}
.ar-cat-card-desc{margin:4px 0 0;color:${MUTED};font-size:13px}
.ar-cat-children{list-style:none;margin:14px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.ar-cat-child{display:inline-flex;align-items:center;min-height:32px;padding:0 14px;border-radius:16px;font-size:14px;
  background:color-mix(in srgb,${P} 8%,${CARD});text-decoration:none!important}
.ar-cat-child:hover{background:color-mix(in srgb,${P} 16%,${CARD})}
.ar-cat-grandchildren{list-style:none;margin:6px 0 0 8px;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px;font-size:13px}
.ar-cat-grandchildren a{color:${MUTED}!important}
.ar-cat-grandchildren a:hover{color:${P}!important}

/* Read by screen readers only */
.ar-sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
/* Not found inside the remote */
.ar-not-found{display:flex;flex-direction:column;align-items:center;gap:12px;padding:64px 16px;text-align:center}

@media (max-width:1199px){.ar-cat-grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (max-width:767px){
  .ar-page-title{font-size:20px}
  .ar-panel{padding:4px 14px 0;border-radius:10px;margin-top:12px}
  .ar-hero{padding:28px 14px 22px;border-radius:12px}
  .ar-hero-title{font-size:26px;letter-spacing:2px}
  .ar-hero-sub{font-size:13px;margin-bottom:16px}
  .ar-search-large input,.ar-search-large .ar-search-button{height:46px}
  .ar-search-large .ar-search-button,.ar-search-button{padding:0 16px;letter-spacing:0}
  .ar-suggest{right:0}
  .ar-hot{height:30px;flex-wrap:nowrap;justify-content:flex-start;overflow-x:auto;scrollbar-width:none}
  .ar-hot-list li{flex:none}
  .ar-result-head{flex-direction:column;align-items:stretch;gap:10px}
  .ar-item-link{gap:12px;padding:14px 0}
  .ar-item-title{font-size:16px;white-space:normal;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
  .ar-hide-sm{display:none}
  /* one column, not wrapped: a wrapping column is as wide as its widest row, and the chip rows must scroll instead */
  .ar-filters{gap:8px;padding:10px 0;flex-direction:column;flex-wrap:nowrap;align-items:stretch}
  .ar-filters-row{flex-direction:row;align-items:center;flex-wrap:wrap}
  .ar-filters:not(.ar-filters-row) .ar-chips{flex-wrap:nowrap;overflow-x:auto;scrollbar-width:none;margin:0 -14px;padding:0 14px}
  .ar-chip{flex:none}
  .ar-cat-grid{grid-template-columns:minmax(0,1fr);gap:12px}
}
`;
