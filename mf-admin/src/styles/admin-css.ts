/**
 * mf-admin's stylesheet, on the shell's CSS variables with the light theme's values as fallbacks (dark mode
 * follows). Every class starts with `ad-`. From 900 px the navigation is a sidebar beside the page (the console is
 * laid out for 1280 px); below, it is a row of links above the page that scrolls sideways, and wide tables scroll
 * inside their box, so nothing is wider than a 320 px screen.
 */
const P = 'var(--primary,#1677ff)';
const BG = 'var(--bg,#f5f7fa)';
const FG = 'var(--fg,#1f2329)';
const MUTED = 'var(--muted,#5c6370)';
const CARD = 'var(--card,#fff)';
const LINE = 'var(--line,#e5e8ef)';
const LINK = 'var(--link,#0958d9)';
const DANGER = '#cf1322';
const FONT = `-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif`;

export const ADMIN_CSS = `
.ad-console{font-family:${FONT};color:${FG};line-height:1.6;display:flex;flex-direction:column;gap:12px;max-width:1440px;margin:0 auto;padding:12px;box-sizing:border-box;min-width:0}
.ad-console *{box-sizing:border-box}
.ad-nav{background:${CARD};border:1px solid ${LINE};border-radius:8px;padding:8px 12px;display:flex;gap:12px;overflow-x:auto;white-space:nowrap;min-width:0}
.ad-nav a{color:${FG};text-decoration:none;padding:4px 8px;border-radius:6px;display:inline-block}
.ad-nav a.active{background:${BG};color:${P};font-weight:600}
.ad-nav-home{font-weight:700}
.ad-nav-group{display:flex;align-items:center;gap:4px}
.ad-nav-group ul{list-style:none;margin:0;padding:0;display:flex;gap:2px}
.ad-nav-label{margin:0;color:${MUTED};font-size:12px}
.ad-nav-soon{color:${MUTED};padding:4px 8px;opacity:.7}
.ad-nav-soon small{margin-left:4px;font-size:11px}
.ad-main{min-width:0;flex:1}
.ad-page{min-width:0}
.ad-title{font-size:20px;margin:4px 0 12px}
.ad-card{background:${CARD};border:1px solid ${LINE};border-radius:8px;padding:12px 16px;margin:0 0 12px}
.ad-muted{color:${MUTED}}
.ad-error p{color:${DANGER}}
.ad-btn{font:inherit;font-size:14px;border:1px solid ${LINE};background:${CARD};color:${FG};border-radius:6px;padding:4px 12px;cursor:pointer;min-height:32px}
.ad-btn:disabled{opacity:.5;cursor:not-allowed}
.ad-primary{background:${P};border-color:${P};color:#fff}
.ad-danger{border-color:${DANGER};color:${DANGER}}
.ad-link{font:inherit;background:none;border:0;padding:0;color:${LINK};cursor:pointer;text-align:left}
.ad-actions{display:flex;gap:6px;flex-wrap:wrap}
.ad-filters,.ad-batch{display:flex;gap:6px;flex-wrap:wrap;margin:0 0 12px}
.ad-chip{font:inherit;font-size:13px;border:1px solid ${LINE};background:${CARD};color:${FG};border-radius:16px;padding:2px 12px;cursor:pointer}
.ad-chip-on{border-color:${P};color:${P};font-weight:600}
.ad-table-wrap{overflow-x:auto;background:${CARD};border:1px solid ${LINE};border-radius:8px;margin:0 0 12px}
.ad-table{border-collapse:collapse;width:100%;font-size:14px}
.ad-table th,.ad-table td{padding:8px 10px;border-bottom:1px solid ${LINE};text-align:left;vertical-align:top;white-space:nowrap}
.ad-table th{color:${MUTED};font-weight:500;background:${BG}}
.ad-detail-head{display:flex;justify-content:space-between;align-items:center;gap:8px}
.ad-detail-head h2{font-size:16px;margin:0;overflow-wrap:anywhere}
.ad-dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:8px 0}
.ad-dl dt{color:${MUTED}}
.ad-dl dd{margin:0;overflow-wrap:anywhere}
.ad-content{white-space:pre-wrap;overflow-wrap:anywhere;max-height:360px;overflow:auto;background:${BG};padding:8px;border-radius:6px;font:inherit}
.ad-reason textarea{width:100%;min-height:72px;font:inherit;padding:6px;border:1px solid ${LINE};border-radius:6px;background:${CARD};color:${FG}}
.ad-reason label{display:block;margin-bottom:4px}
.ad-field{display:flex;flex-direction:column;gap:2px;margin:0 0 10px}
.ad-field span{color:${MUTED};font-size:13px}
.ad-field input,.ad-field select{font:inherit;padding:6px 8px;border:1px solid ${LINE};border-radius:6px;background:${CARD};color:${FG};width:100%;max-width:320px}
.ad-field-error{color:${DANGER};font-style:normal;font-size:13px;margin:2px 0}
.ad-check{display:flex;align-items:center;gap:6px;margin:0 0 10px}
.ad-form-grid h2{font-size:16px;margin:0 0 8px}
.ad-pager{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin:0 0 12px}
.ad-cards{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:12px}
.ad-tile{display:block;text-decoration:none;color:${FG};font-weight:600}
.ad-state{font-weight:600}
.ad-w-requested{color:#d46b08}
.ad-w-approved,.ad-w-paying,.ad-w-wait_user_confirm{color:${P}}
.ad-w-success{color:#389e0d}
.ad-w-failed,.ad-w-rejected{color:${DANGER}}
.ad-w-cancelled{color:${MUTED}}
@media (min-width:900px){
.ad-console{flex-direction:row;align-items:flex-start;padding:16px}
.ad-nav{flex-direction:column;width:200px;flex:none;white-space:normal;position:sticky;top:72px;gap:8px}
.ad-nav-group{flex-direction:column;align-items:stretch}
.ad-nav-group ul{flex-direction:column}
.ad-form-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));column-gap:16px}
.ad-form-grid h2,.ad-form-grid .ad-actions,.ad-form-grid .ad-field-error{grid-column:1/-1}
}
`;
