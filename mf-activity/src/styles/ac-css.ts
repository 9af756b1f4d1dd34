/**
 * mf-activity's stylesheet, on the shell's CSS variables with the light theme's values as fallbacks (dark mode
 * follows). Every class starts with `ac-`. One column on a phone (375 px), two on a desktop (1280 px).
 */
const P = 'var(--primary,#1677ff)';
const BG = 'var(--bg,#f5f7fa)';
const FG = 'var(--fg,#1f2329)';
const MUTED = 'var(--muted,#5c6370)';
const CARD = 'var(--card,#fff)';
const LINE = 'var(--line,#e5e8ef)';
/** Red packet red (#c8102e on white is 5.9:1) and gold. */
const RED = '#c8102e';
const GOLD = '#ffd591';
const FONT = `-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif`;

export const AC_CSS = `
.ac-page{font-family:${FONT};color:${FG};line-height:1.6;max-width:1080px;margin:0 auto;padding:16px 16px 40px;box-sizing:border-box;min-width:0}
.ac-page *{box-sizing:border-box}
.ac-title{margin:0 0 16px;font-size:22px;font-weight:600}
.ac-h2{margin:0 0 12px;font-size:17px;font-weight:600}
.ac-muted{color:${MUTED}}
.ac-card{background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:16px;margin:0 0 16px;min-width:0;overflow-wrap:anywhere}
.ac-grid{display:grid;grid-template-columns:1fr;gap:16px}
@media (min-width:900px){.ac-grid{grid-template-columns:3fr 2fr}.ac-grid>.ac-card{margin:0}}
.ac-hero{background:linear-gradient(135deg,${P},#722ed1);color:#fff;border:0}
.ac-hero .ac-muted{color:rgba(255,255,255,.85)}
.ac-badge{display:inline-block;font-size:12px;padding:1px 8px;border-radius:10px;background:rgba(0,0,0,.18);margin-right:8px}
.ac-meta{display:flex;flex-wrap:wrap;gap:4px 16px;font-size:14px;margin:8px 0 0}
.ac-rules{white-space:pre-wrap;margin:0}
.ac-btn{display:inline-flex;align-items:center;justify-content:center;min-height:40px;padding:0 18px;white-space:nowrap;border-radius:20px;border:1px solid ${LINE};background:${CARD};color:${FG};font-size:15px;cursor:pointer;text-decoration:none}
.ac-btn:disabled{opacity:.6;cursor:default}
.ac-primary{background:${P};border-color:${P};color:#fff}
.ac-red{background:${RED};border-color:${RED};color:#fff}
.ac-actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:12px}
.ac-bar{height:10px;border-radius:5px;background:${BG};overflow:hidden;margin:8px 0}
.ac-bar>span{display:block;height:100%;background:${P}}
.ac-list{list-style:none;margin:0;padding:0}
.ac-list>li{border-top:1px solid ${LINE}}
.ac-list>li:first-child{border-top:0}
.ac-row{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:12px 0;color:inherit;text-decoration:none;min-width:0}
.ac-row-main{min-width:0;flex:1}
.ac-row-title{font-weight:500;overflow:hidden;text-overflow:ellipsis}
.ac-plus{color:#237804;font-weight:600;white-space:nowrap}
.ac-fields{margin:0}
.ac-field{display:flex;gap:12px;padding:8px 0;border-top:1px solid ${LINE}}
.ac-field:first-child{border-top:0}
.ac-field dt{width:6em;flex:none;color:${MUTED}}
.ac-field dd{margin:0;min-width:0}
.ac-tabs{display:flex;gap:8px;margin-bottom:12px}
.ac-tab{border:1px solid ${LINE};background:${CARD};border-radius:16px;padding:4px 14px;cursor:pointer;color:${FG}}
.ac-tab[aria-selected="true"]{background:${P};border-color:${P};color:#fff}
.ac-packet{background:${RED};color:#fff;border:0;text-align:center}
.ac-packet .ac-muted{color:${GOLD}}
.ac-packet-amount{font-size:32px;font-weight:700;color:${GOLD};margin:8px 0}
.ac-open{width:88px;height:88px;border-radius:50%;border:0;background:${GOLD};color:${RED};font-size:22px;font-weight:700;cursor:pointer;margin:12px auto;display:block}
.ac-form{display:grid;gap:12px}
.ac-form label{display:grid;gap:4px;font-size:14px}
.ac-input{min-height:40px;border:1px solid ${LINE};border-radius:8px;padding:0 10px;font-size:15px;background:${CARD};color:${FG};width:100%}
.ac-error{color:${RED};font-size:13px;margin:0}
.ac-empty{text-align:center;padding:24px 0}
@media (max-width:480px){.ac-page{padding:12px 10px 32px}.ac-card{padding:14px 12px;border-radius:10px}.ac-title{font-size:19px}.ac-actions .ac-btn{flex:1 1 auto;padding:0 14px}}
`;
