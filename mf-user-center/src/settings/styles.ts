import { injectStyles } from '../styles/inject';
import { BAD, CARD, FG, LINE, MUTED, P } from '../styles/tokens';

/** The settings pages' styles (`st-` classes), beside mf-user-center's `uc-` ones; nothing wider than 320 px. */
const CSS = `
.st-list{list-style:none;margin:0;padding:0}
.st-list li+li{border-top:1px solid ${LINE}}
.st-item{display:flex;align-items:center;gap:12px;min-height:52px;padding:10px 2px;color:${FG};text-decoration:none;flex-wrap:wrap}
button.st-item{width:100%;border:0;background:none;font:inherit;text-align:left;cursor:pointer}
.st-item:focus-visible{outline:2px solid ${P};outline-offset:2px}
.st-item-label{flex:1 1 auto;min-width:0;font-weight:500}
.st-item-value{color:${MUTED};font-size:14px;overflow-wrap:anywhere}
.st-item-actions{display:flex;gap:8px;flex-wrap:wrap}
.st-arrow::after{content:'›';color:${MUTED};font-size:20px;line-height:1}
.st-form{display:flex;flex-direction:column;gap:14px;max-width:480px}
.st-field{display:flex;flex-direction:column;gap:6px}
.st-field label{font-size:14px;font-weight:500}
.st-row{display:flex;gap:8px;align-items:stretch;flex-wrap:wrap}
.st-input,.st-select{flex:1 1 180px;min-width:0;height:44px;padding:0 12px;border:1px solid ${LINE};border-radius:8px;font-size:16px;background:${CARD};color:${FG}}
.st-input:focus,.st-select:focus{outline:2px solid ${P};outline-offset:0;border-color:${P}}
.st-invalid{border-color:${BAD}}
.st-error{margin:0;color:${BAD};font-size:13px}
.st-send{flex:0 0 auto;height:44px;padding:0 14px;border:1px solid ${P};border-radius:8px;background:transparent;color:${P};font-size:14px;cursor:pointer;white-space:nowrap}
.st-send:disabled{border-color:${LINE};color:${MUTED};cursor:default}
.st-submit{height:46px;border:0;border-radius:8px;background:${P};color:#fff;font-size:16px;cursor:pointer}
.st-submit:disabled{opacity:.6;cursor:default}
.st-danger{background:${BAD}}
.st-tabs{display:flex;gap:4px;border-bottom:1px solid ${LINE};margin:0 0 12px;flex-wrap:wrap}
.st-tab{border:0;background:none;padding:10px 14px;font-size:15px;color:${MUTED};cursor:pointer;border-bottom:2px solid transparent}
.st-tab.st-on{color:${P};border-bottom-color:${P};font-weight:600}
.st-mini{border:1px solid ${LINE};background:${CARD};color:${FG};border-radius:6px;padding:4px 12px;font-size:14px;cursor:pointer;min-height:32px;text-decoration:none;display:inline-flex;align-items:center}
.st-mini.st-warn{color:${BAD};border-color:${BAD}}
.st-badge{display:inline-block;margin-left:6px;padding:0 6px;border-radius:4px;background:${P};color:#fff;font-size:12px}
.st-device{display:flex;gap:12px;justify-content:space-between;align-items:flex-start;flex-wrap:wrap;padding:12px 0}
.st-device+.st-device{border-top:1px solid ${LINE}}
.st-device-main{min-width:0;flex:1 1 220px}
.st-points{margin:0 0 12px;padding-left:20px}
.st-points li{margin:4px 0}
.st-check{display:flex;gap:8px;align-items:flex-start;font-size:14px}
.st-check input{width:18px;height:18px;margin-top:2px}
@media (min-width:900px){.st-split{display:grid;grid-template-columns:1fr 1fr;gap:16px;align-items:start}}
`;

const STYLE_ID = 'mf-user-center-settings-style';

export function ensureSettingsStyles(): void {
  injectStyles(STYLE_ID, CSS);
}
