/**
 * The stylesheet of the writing pages (user/blogs/*), next to mf-user-center's and the documents' (ucd- classes,
 * reused for fields and progress bars), on the shell's CSS variables. Classes start with `ucb-`. From 900 px the
 * preview stands beside the text; below, a switch shows one or the other.
 */
import { ensureDocsStyles } from '../docs/styles';
import { injectStyles } from '../styles/inject';
import { BAD, BG, CARD, FG, LINE, MUTED, P, PS } from '../styles/tokens';

const BLOG_CSS = `
.ucb-meta{margin:0 0 16px}
.ucb-title-input{font-size:18px;font-weight:600}
.ucb-grow{flex:1;min-width:12em}
.ucb-cover{display:flex;align-items:center;gap:12px;flex-wrap:wrap}
.ucb-cover img{width:120px;height:68px;object-fit:cover;border-radius:6px;border:1px solid ${LINE}}
.ucb-editor{border:1px solid ${LINE};border-radius:10px;background:${CARD};overflow:hidden}
.ucb-bar{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:4px 6px;border-bottom:1px solid ${LINE};background:${BG};flex-wrap:wrap}
.ucb-tools{display:flex;flex-wrap:wrap;gap:2px}
.ucb-tool{min-width:40px;min-height:40px;border:0;border-radius:6px;background:none;color:${FG};font:inherit;font-weight:600;cursor:pointer}
.ucb-tool:hover{background:color-mix(in srgb,${P} 10%,${CARD})}
.ucb-tool:focus-visible,.ucb-switch button:focus-visible,.ucb-text:focus-visible{outline:2px solid ${P};outline-offset:-2px}
.ucb-switch{display:flex;gap:4px}
.ucb-switch button{min-height:36px;padding:0 12px;border:1px solid ${LINE};border-radius:6px;background:${CARD};color:${FG};font:inherit}
.ucb-switch button[aria-pressed="true"]{border-color:${P};color:${PS};font-weight:600}
.ucb-panes{display:grid;grid-template-columns:1fr;min-height:360px}
.ucb-text{width:100%;min-height:360px;height:60vh;padding:12px 14px;border:0;resize:vertical;background:${CARD};color:${FG};
  font:15px/1.75 ui-monospace,Menlo,Consolas,"PingFang SC","Microsoft YaHei",monospace}
.ucb-preview-pane{padding:12px 16px;overflow:auto;max-height:70vh;min-width:0}
.ucb-md{font-size:15px;line-height:1.8;word-break:break-word}
.ucb-md pre{background:#1f2329;color:#e8e8e8;padding:12px 14px;border-radius:8px;overflow:auto;font-size:13px}
.ucb-md :not(pre)>code{background:${BG};padding:1px 5px;border-radius:4px}
.ucb-md img{max-width:100%;height:auto}
.ucb-md blockquote{margin:1em 0;padding:6px 14px;border-left:4px solid ${P};color:${MUTED}}
.ucb-editor[data-view="edit"] .ucb-preview-pane{display:none}
.ucb-editor[data-view="preview"] .ucb-text{display:none}
@media (min-width:900px){
  .ucb-switch{display:none}
  .ucb-panes{grid-template-columns:1fr 1fr}
  .ucb-editor[data-view] .ucb-preview-pane,.ucb-editor[data-view] .ucb-text{display:block}
  .ucb-preview-pane{border-left:1px solid ${LINE};max-height:60vh}
}
.ucb-uploads{list-style:none;margin:0;padding:6px 12px;border-bottom:1px solid ${LINE}}
.ucb-footer{display:flex;flex-direction:column;gap:8px;margin-top:12px}
.ucb-save[data-state="failed"],.ucb-save[data-state="conflict"]{color:${BAD}}
.ucb-restored{margin:0 0 12px;padding:8px 12px;border-radius:8px;background:color-mix(in srgb,${P} 8%,${CARD})}
.ucb-reason{color:${BAD}}
.ucb-h2{font-size:17px;margin:0 0 10px}
.ucb-att-list{list-style:none;margin:0 0 12px;padding:0}
.ucb-att-list li{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;padding:8px 0;border-bottom:1px solid ${LINE}}
.ucb-att-name{font-weight:600;min-width:0;overflow-wrap:anywhere}
.ucb-overlay{position:fixed;inset:0;z-index:1000;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;padding:12px}
.ucb-dialog{background:${CARD};color:${FG};border-radius:12px;padding:18px;max-width:960px;width:100%;max-height:92vh;overflow:auto}
.ucb-dialog-title{font-size:18px;margin:0 0 8px}
.ucb-versions{display:grid;grid-template-columns:1fr;gap:12px;margin:12px 0}
@media (min-width:720px){.ucb-versions{grid-template-columns:1fr 1fr}}
.ucb-version{display:flex;flex-direction:column;gap:4px;font-weight:600}
.ucb-version textarea{min-height:220px;padding:8px;border:1px solid ${LINE};border-radius:8px;font:13px/1.6 ui-monospace,Menlo,monospace;font-weight:400}
.ucb-list{list-style:none;margin:0;padding:0}
.ucb-item{display:flex;flex-direction:column;gap:6px;padding:14px 0;border-bottom:1px solid ${LINE}}
.ucb-item-head{display:flex;align-items:center;gap:10px;flex-wrap:wrap}
.ucb-item-title{font-weight:600;font-size:16px;color:${FG};text-decoration:none;overflow-wrap:anywhere}
.ucb-state{font-size:12px;padding:1px 8px;border-radius:10px;border:1px solid ${LINE};color:${MUTED}}
.ucb-state[data-status="1"]{color:#237804;border-color:#b7eb8f}
.ucb-state[data-status="2"]{color:${BAD};border-color:#ffa39e}
.ucb-state[data-status="4"]{color:#ad6800;border-color:#ffd591}
.ucb-stats{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:13px;color:${MUTED}}
.ucb-filters{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 12px}
`;

const STYLE_ID = 'mf-user-center-blogs-style';

/** Adds the writing pages' styles (and the documents' field styles they reuse) to the page once. */
export function ensureBlogStyles(): void {
  ensureDocsStyles();
  injectStyles(STYLE_ID, BLOG_CSS);
}
