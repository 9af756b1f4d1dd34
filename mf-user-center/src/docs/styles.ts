/**
 * The stylesheet of the pages of my documents, next to mf-user-center's (uc-css.ts: cards, buttons, chips), on
 * the shell's CSS variables. Classes start with `ucd-`. At 320–375 px every row wraps to one column.
 */
import { injectStyles } from '../styles/inject';
import { BAD, BG, CARD, FG, LINE, MUTED, OK, P, PS, WARN } from '../styles/tokens';

export const DOCS_CSS = `
.uc-chip[aria-selected="true"]{border-color:${P};background:color-mix(in srgb,${P} 10%,${CARD});color:${PS};font-weight:600}
.ucd-limit-list{margin:0;padding-left:1.2em}
.ucd-warn{color:${WARN}}
.ucd-drop{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;min-height:140px;padding:20px;border:2px dashed ${LINE};
  border-radius:12px;background:${BG};text-align:center;margin:0 0 16px}
/* a finger cannot drag a file onto the page: only the button */
@media (hover:none) and (pointer:coarse){.ucd-drop-hint{display:none}}
.ucd-drop[data-over="true"]{border-color:${P};background:color-mix(in srgb,${P} 8%,${CARD})}
.ucd-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ucd-refusals{margin:0 0 16px;padding:10px 12px 10px 28px;border-radius:10px;background:color-mix(in srgb,${BAD} 8%,${CARD});color:${BAD}}
.ucd-files{list-style:none;margin:0;padding:0}
.ucd-file-head{display:flex;align-items:center;gap:10px;margin:0 0 10px;min-width:0}
.ucd-file-name{font-weight:600;flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ucd-fields{border:0;margin:0;padding:0;min-width:0;display:flex;flex-direction:column;gap:10px}
.ucd-field{display:flex;flex-direction:column;gap:4px;min-width:0}
.ucd-field label,.ucd-label{font-size:14px;color:${MUTED}}
.ucd-row{display:flex;flex-wrap:wrap;gap:10px 20px;align-items:flex-start}
.ucd-radios{display:flex;gap:16px;min-height:40px;align-items:center}
.ucd-input{width:100%;min-height:40px;padding:8px 10px;border:1px solid ${LINE};border-radius:8px;background:${CARD};color:${FG};font:inherit;font-size:15px}
.ucd-input:focus-visible{outline:2px solid ${P};outline-offset:1px}
.ucd-narrow{width:9em}
.ucd-field-error{margin:0;font-size:13px;color:${BAD}}
.ucd-input[aria-invalid="true"]{border-color:${BAD}}
.ucd-progress{display:flex;align-items:center;gap:10px;margin:10px 0 0}
.ucd-bar{flex:1;height:8px;border-radius:4px;background:${LINE};overflow:hidden;min-width:80px}
.ucd-bar span{display:block;height:100%;background:${PS};transition:width .2s}
.ucd-progress-text{flex:none;color:${MUTED}}
.ucd-state{margin:10px 0 0;display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center}
.ucd-ok{color:${OK}}
.ucd-bad{color:${BAD}}
.ucd-disclaimer p{margin:0 0 8px}
.ucd-agree{display:flex;gap:8px;align-items:flex-start;min-height:44px}
.ucd-agree input{margin-top:5px;width:18px;height:18px;flex:none}
.ucd-badge{flex:none;display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:8px;color:#fff;font-size:11px;font-weight:700}
.ucd-docs{list-style:none;margin:0;padding:0}
.ucd-doc{display:flex;flex-wrap:wrap;gap:4px 12px;padding:12px 4px;border-bottom:1px solid ${LINE};min-width:0}
.ucd-doc:last-child{border-bottom:0}
.ucd-doc-main{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}
.ucd-doc-title{font-weight:600;overflow-wrap:anywhere}
.ucd-doc-meta{display:flex;flex-wrap:wrap;gap:2px 14px;font-size:13px;color:${MUTED}}
.ucd-doc-actions{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center;flex-basis:100%;padding-left:56px}
.ucd-doc-actions .uc-link{display:inline-flex;align-items:center;min-height:36px}
.ucd-search{display:flex;gap:8px;margin:0 0 12px}
.ucd-search .ucd-input{flex:1}
@media (min-width:768px){.ucd-doc{flex-wrap:nowrap;align-items:center}.ucd-doc-actions{flex-basis:auto;padding-left:0}}
`;

const STYLE_ID = 'mf-user-center-docs-style';

/** Adds the docs pages' stylesheet once (after mf-user-center's). */
export function ensureDocsStyles(): void {
  injectStyles(STYLE_ID, DOCS_CSS);
}
