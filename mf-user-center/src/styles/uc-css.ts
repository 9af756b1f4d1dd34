/**
 * mf-user-center's stylesheet, on the shell's CSS variables (--primary, --bg, --fg, --muted, --card, --line) with
 * the light theme's values as fallbacks, so dark mode follows. Every class starts with `uc-`. Nothing is wider than
 * a 320 px screen: rows wrap, the kind chips scroll inside the card.
 */
import { BAD, BG, CARD, FG, LINE, LINK, MUTED, OK, P, PS } from './tokens';

const FONT = `-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif`;

export const UC_CSS = `
.uc-page{font-family:${FONT};color:${FG};line-height:1.6;max-width:960px;margin:0 auto;padding:16px 16px 40px;box-sizing:border-box;min-width:0}
.uc-page *{box-sizing:border-box}
.uc-title{margin:0 0 16px;font-size:22px;font-weight:600}
.uc-h2{margin:0 0 12px;font-size:17px;font-weight:600}
.uc-muted{color:${MUTED}}
.uc-small{font-size:13px}
.uc-card{background:${CARD};border:1px solid ${LINE};border-radius:12px;padding:16px;margin:0 0 16px;min-width:0;overflow-wrap:anywhere}
@media (max-width:480px){.uc-page{padding:12px 10px 32px}.uc-card{padding:14px 12px;border-radius:10px}.uc-title{font-size:19px}}

.uc-btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 18px;border:1px solid ${LINE};border-radius:8px;
  background:${CARD};color:${FG};font:inherit;font-size:15px;cursor:pointer;text-decoration:none;max-width:100%}
.uc-primary{background:${PS};border-color:${PS};color:#fff}
.uc-link{padding:0;border:0;background:none;color:${LINK};font:inherit;cursor:pointer;text-decoration:none}
.uc-link:hover{text-decoration:underline}
.uc-btn:focus-visible,.uc-link:focus-visible,.uc-chip:focus-visible,.uc-record:focus-visible{outline:2px solid ${P};outline-offset:2px}
.uc-actions{display:flex;align-items:center;gap:16px;flex-wrap:wrap;margin-top:12px}

.uc-buckets{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,160px),1fr));gap:12px;margin:0 0 8px}
.uc-bucket{padding:10px 12px;border-radius:10px;background:${BG};min-width:0}
.uc-bucket dt{font-size:13px;color:${MUTED}}
.uc-bucket dd{margin:0;display:flex;flex-wrap:wrap;align-items:baseline;gap:0 6px}
.uc-bucket-coins{font-size:20px;font-weight:700}
.uc-bucket-main .uc-bucket-coins{font-size:26px;color:${PS}}
.uc-unit,.uc-yuan{font-size:13px;color:${MUTED}}
.uc-release{margin:4px 0 0;color:#ad6800}

.uc-chips{display:flex;gap:8px;overflow-x:auto;padding:2px 2px 8px;margin:0 0 8px;scrollbar-width:thin}
@media (min-width:768px){.uc-chips{flex-wrap:wrap;overflow-x:visible}}
.uc-chip{flex:none;min-height:36px;padding:0 14px;border:1px solid ${LINE};border-radius:18px;background:${CARD};color:${FG};font:inherit;font-size:14px;cursor:pointer;white-space:nowrap}
.uc-chip[aria-pressed="true"]{border-color:${P};background:color-mix(in srgb,${P} 10%,${CARD});color:${PS};font-weight:600}

.uc-records{list-style:none;margin:0;padding:0}
.uc-records li{border-bottom:1px solid ${LINE}}
.uc-records li:last-child{border-bottom:0}
.uc-record{display:flex;justify-content:space-between;gap:12px;padding:12px 4px;color:inherit;text-decoration:none;min-width:0}
.uc-record:hover{background:${BG}}
.uc-record-main{display:flex;flex-direction:column;min-width:0;flex:1}
.uc-record-kind{font-size:13px;color:${MUTED}}
.uc-record-title{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.uc-record-side{display:flex;flex-direction:column;align-items:flex-end;flex:none;max-width:50%;text-align:right}
.uc-change{font-weight:700;white-space:nowrap}
.uc-change-label{font-size:12px;font-weight:400;color:${MUTED}}
.uc-change-up{color:${OK}}
.uc-change-down{color:${BAD}}
.uc-change-none{color:${MUTED};font-weight:400}
.uc-empty{text-align:center;padding:24px 0}

.uc-fields{margin:0;display:flex;flex-direction:column;gap:8px}
.uc-field{display:flex;gap:12px;min-width:0}
.uc-field dt{flex:none;width:6.5em;color:${MUTED}}
.uc-field dd{margin:0;min-width:0;overflow-wrap:anywhere}
.uc-after{display:flex;flex-wrap:wrap;gap:0 12px}
.uc-error p{margin:0 0 8px}
`;
