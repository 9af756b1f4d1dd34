/**
 * The stylesheet of my library's pages, next to mf-user-center's (uc-css.ts: cards, buttons, chips), on the shell's
 * CSS variables. Classes start with `ucl-`. Folders sit beside their items from 900 px, above them below that.
 */
import { injectStyles } from '../styles/inject';
import { BAD, CARD, FG, LINE, MUTED, P, PS } from '../styles/tokens';

export const LIBRARY_CSS = `
.ucl-layout{display:grid;grid-template-columns:1fr;gap:16px;min-width:0}
@media (min-width:900px){.ucl-layout{grid-template-columns:260px minmax(0,1fr);align-items:start}}
.ucl-folders{list-style:none;margin:0 0 12px;padding:0;display:flex;flex-direction:column;gap:4px}
.ucl-folder{display:flex;align-items:center;gap:8px;width:100%;min-height:44px;padding:8px 10px;border:1px solid transparent;border-radius:8px;
  background:none;color:${FG};font:inherit;text-align:left;cursor:pointer}
.ucl-folder:hover{background:color-mix(in srgb,${P} 6%,${CARD})}
.ucl-folder[aria-current="true"]{border-color:${P};background:color-mix(in srgb,${P} 10%,${CARD});color:${PS};font-weight:600}
.ucl-folder-name{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ucl-tag{flex:none;font-size:12px;padding:1px 6px;border-radius:4px;border:1px solid ${LINE};color:${MUTED};font-weight:400}
.ucl-form{display:flex;flex-wrap:wrap;gap:8px;align-items:center;min-width:0}
.ucl-input{flex:1 1 180px;min-width:0;min-height:40px;padding:8px 10px;border:1px solid ${LINE};border-radius:8px;background:${CARD};color:${FG};font:inherit;font-size:15px}
.ucl-input:focus-visible,.ucl-select:focus-visible{outline:2px solid ${P};outline-offset:1px}
.ucl-select{min-height:36px;max-width:100%;min-width:0;padding:4px 8px;border:1px solid ${LINE};border-radius:8px;background:${CARD};color:${FG};font:inherit}
.ucl-check{display:flex;gap:6px;align-items:center;font-size:14px;color:${MUTED}}
.ucl-head{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;margin:0 0 12px;min-width:0}
.ucl-head h2{margin:0;font-size:18px;min-width:0;overflow-wrap:anywhere}
.ucl-actions{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center}
.ucl-ask{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:10px 12px;margin:0 0 12px;border-radius:10px;
  background:color-mix(in srgb,${BAD} 6%,${CARD})}
.ucl-items{list-style:none;margin:0;padding:0}
.ucl-item{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;padding:12px 0;border-bottom:1px solid ${LINE};min-width:0}
.ucl-item:last-child{border-bottom:0}
.ucl-item-main{flex:1 1 240px;min-width:0;display:flex;flex-direction:column;gap:4px}
.ucl-item-title{font-weight:600;overflow-wrap:anywhere}
.ucl-meta{display:flex;flex-wrap:wrap;gap:4px 12px;font-size:13px;color:${MUTED}}
.ucl-kind{flex:none;font-size:12px;padding:2px 6px;border-radius:4px;background:color-mix(in srgb,${P} 10%,${CARD});color:${PS}}
.ucl-day{margin:16px 0 4px;font-size:14px;color:${MUTED};font-weight:600}
.ucl-day:first-child{margin-top:0}
.ucl-bad{color:${BAD}}
.ucl-stats{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px;margin:0}
@media (min-width:700px){.ucl-stats{grid-template-columns:repeat(4,minmax(0,1fr))}}
.ucl-stats dd{margin:4px 0 0;font-size:22px;font-weight:600;color:${FG}}
.ucl-status{flex:none;font-size:13px;color:${MUTED}}
`;

const STYLE_ID = 'mf-user-center-library-style';

/** Adds the library pages' stylesheet once (after mf-user-center's). */
export function ensureLibraryStyles(): void {
  injectStyles(STYLE_ID, LIBRARY_CSS);
}
