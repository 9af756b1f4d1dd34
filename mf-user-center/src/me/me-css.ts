/**
 * The stylesheet of the my-page, about and site pages (classes `me-`), beside mf-user-center's `uc-` one whose
 * cards, buttons and chips they reuse; the same CSS variables, so dark mode follows. Nothing wider than 320 px.
 */
import { injectStyles } from '../styles/inject';
import { BAD, BG, CARD, FG, LINE, MUTED, P, PS } from '../styles/tokens';

export const ME_CSS = `
.me-profile{display:flex;gap:16px;align-items:flex-start;min-width:0}
.me-avatar{flex:none;width:72px;height:72px;border-radius:50%;object-fit:cover;background:color-mix(in srgb,${P} 12%,${CARD});color:${PS};
  display:inline-flex;align-items:center;justify-content:center;font-size:30px;font-weight:600;overflow:hidden}
.me-avatar-sm{width:56px;height:56px;font-size:24px}
.me-who{min-width:0;flex:1}
.me-name{margin:0;font-size:20px;font-weight:600;overflow-wrap:anywhere}
.me-badges{display:flex;flex-wrap:wrap;gap:6px 8px;margin:4px 0}
.me-level{display:inline-block;padding:0 8px;border-radius:10px;font-size:12px;line-height:20px;color:#fff;font-weight:600}
.me-tag{display:inline-block;padding:0 8px;border-radius:10px;font-size:12px;line-height:20px;background:${BG};color:${MUTED}}
.me-intro{margin:4px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.me-stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,120px),1fr));gap:12px;margin:0}
.me-stat{display:flex;flex-direction:column;align-items:center;padding:10px 6px;border-radius:10px;background:${BG};color:inherit;text-decoration:none;min-width:0}
.me-stat:hover{background:color-mix(in srgb,${P} 8%,${BG})}
.me-stat strong{font-size:22px;color:${PS}}
.me-stat span{font-size:13px;color:${MUTED}}
.me-lists{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,260px),1fr));gap:16px;margin:0 0 16px}
.me-lists .uc-card{margin:0}
.me-mini{list-style:none;margin:0 0 8px;padding:0}
.me-mini li{padding:6px 0;border-bottom:1px solid ${LINE};overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.me-mini li:last-child{border-bottom:0}
.me-mini a{color:inherit;text-decoration:none}
.me-mini a:hover{text-decoration:underline}
.me-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,140px),1fr));gap:8px;list-style:none;margin:0;padding:0}
.me-grid a{display:flex;align-items:center;min-height:44px;padding:0 12px;border-radius:8px;background:${BG};color:${FG};text-decoration:none}
.me-grid a:hover,.me-menu a:hover{background:color-mix(in srgb,${P} 8%,${BG})}
.me-menu{list-style:none;margin:0;padding:0}
.me-menu li{border-bottom:1px solid ${LINE}}
.me-menu li:last-child{border-bottom:0}
.me-menu a{display:flex;justify-content:space-between;align-items:center;min-height:48px;padding:0 8px;color:${FG};text-decoration:none}
.me-menu a::after{content:'›';color:${MUTED};font-size:20px}
.me-form{display:flex;flex-direction:column;gap:14px}
.me-label{display:flex;flex-direction:column;gap:6px;font-weight:600;min-width:0}
.me-input{min-height:44px;padding:8px 12px;border:1px solid ${LINE};border-radius:8px;background:${CARD};color:${FG};font:inherit;font-weight:400;width:100%;max-width:100%}
textarea.me-input{min-height:110px;resize:vertical}
.me-input:focus-visible{outline:2px solid ${P};outline-offset:1px}
.me-radios{display:flex;gap:16px;flex-wrap:wrap;font-weight:400}
.me-radios label{display:inline-flex;align-items:center;gap:6px;min-height:44px}
.me-chips{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:8px 0 12px}
.me-chips li{padding:4px 10px;border-radius:14px;background:${PS};overflow-wrap:anywhere}
.me-field-error{color:${BAD};font-size:13px;font-weight:400;margin:0}
.me-avatar-row{display:flex;align-items:center;gap:16px;flex-wrap:wrap}
.me-file{position:absolute;width:1px;height:1px;opacity:0;overflow:hidden}
.me-welcome{border-color:color-mix(in srgb,${P} 40%,${LINE});background:color-mix(in srgb,${P} 5%,${CARD})}
.me-welcome h2{margin:0 0 6px;font-size:20px}
.me-can{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,200px),1fr));gap:10px;list-style:none;margin:8px 0 0;padding:0}
.me-can li{padding:10px 12px;border-radius:10px;background:${CARD};border:1px solid ${LINE}}
.me-can strong{display:block}
.me-text{white-space:pre-wrap;overflow-wrap:anywhere}
.me-text p{margin:0 0 12px}
.me-doc-meta{margin:-8px 0 16px}
.me-sdk{list-style:none;margin:0;padding:0}
.me-sdk > li{padding:12px 0;border-bottom:1px solid ${LINE}}
.me-sdk > li:last-child{border-bottom:0}
.me-sdk h3{margin:0 0 6px;font-size:16px}
.me-version h3{margin:0 0 4px;font-size:16px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.me-notes{margin:6px 0 0;white-space:pre-wrap}
.me-qr{display:block;width:180px;height:180px;margin:8px auto;background:#fff;border-radius:8px}
.me-center{text-align:center}
.me-url{word-break:break-all;font-size:13px;color:${MUTED}}
.me-shots{display:flex;gap:10px;flex-wrap:wrap;list-style:none;margin:0;padding:0}
.me-shots li{position:relative}
.me-shots img{width:80px;height:80px;object-fit:cover;border-radius:8px;border:1px solid ${LINE};display:block}
.me-shot-remove{position:absolute;top:-8px;right:-8px;width:28px;height:28px;border-radius:50%;border:0;background:rgba(0,0,0,.65);color:#fff;cursor:pointer;font-size:16px;line-height:28px;padding:0}
.me-reply{margin:8px 0 0;padding:8px 12px;border-radius:8px;background:${BG}}
.me-downloads{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,240px),1fr));gap:16px}
.me-downloads .uc-card{margin:0}
.me-blank{min-height:60vh}
.me-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (max-width:480px){.me-avatar{width:60px;height:60px;font-size:26px}.me-name{font-size:18px}}
`;

const STYLE_ID = 'mf-user-center-me-style';

/** Adds this stylesheet once (beside ensureStyles' one). */
export function ensureMeStyles(): void {
  injectStyles(STYLE_ID, ME_CSS);
}
