/**
 * The stylesheet of the trust pages (rights complaint, my complaints, expert certification), next to
 * mf-user-center's (uc-css.ts) and on the shell's CSS variables. Classes start with `uct-`. At 320–375 px every
 * row is one column and every control is at least 44 px high.
 */
const P = 'var(--primary,#1677ff)';
const FG = 'var(--fg,#1f2329)';
const MUTED = 'var(--muted,#5c6370)';
const CARD = 'var(--card,#fff)';
const LINE = 'var(--line,#e5e8ef)';
const BAD = '#a8071a';
const OK = '#237804';
const WARN = '#ad6800';

export const TRUST_CSS = `
.uct-form{display:flex;flex-direction:column;gap:14px}
.uct-grid{display:grid;grid-template-columns:1fr 1fr;gap:14px 20px}
@media (max-width:640px){.uct-grid{grid-template-columns:1fr}}
.uct-field{display:flex;flex-direction:column;gap:4px;min-width:0}
.uct-field label,.uct-label{font-size:14px;color:${MUTED}}
.uct-input{width:100%;min-height:44px;padding:8px 10px;border:1px solid ${LINE};border-radius:8px;background:${CARD};color:${FG};font:inherit;font-size:16px;box-sizing:border-box}
textarea.uct-input{min-height:96px;resize:vertical}
.uct-input:focus-visible{outline:2px solid ${P};outline-offset:1px}
.uct-input[aria-invalid="true"]{border-color:${BAD}}
.uct-error{margin:0;font-size:13px;color:${BAD}}
.uct-hint{margin:0;font-size:13px;color:${MUTED}}
.uct-intro{margin:0 0 12px;line-height:1.7;color:${MUTED}}
.uct-shots{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
.uct-shots li{position:relative}
.uct-shots img{width:80px;height:80px;object-fit:cover;border-radius:8px;border:1px solid ${LINE}}
.uct-shot-remove{position:absolute;top:-8px;right:-8px;width:28px;height:28px;border-radius:50%;border:0;background:${BAD};color:#fff;cursor:pointer}
.uct-file{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.uct-add{display:inline-flex;align-items:center;min-height:44px;align-self:flex-start;cursor:pointer}
.uct-check{display:flex;gap:8px;align-items:flex-start;min-height:44px}
.uct-check input{margin-top:4px;width:18px;height:18px;flex:none}
.uct-list{list-style:none;margin:0;padding:0}
.uct-item{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;padding:12px 4px;border-bottom:1px solid ${LINE}}
.uct-item:last-child{border-bottom:0}
.uct-item-main{flex:1;min-width:200px;display:flex;flex-direction:column;gap:2px}
.uct-item-title{font-weight:600;overflow-wrap:anywhere}
.uct-meta{font-size:13px;color:${MUTED};display:flex;flex-wrap:wrap;gap:2px 12px}
.uct-state{display:inline-block;padding:2px 8px;border-radius:10px;font-size:13px;background:color-mix(in srgb,${P} 10%,${CARD});color:${P}}
.uct-state[data-state="taken_down"],.uct-state[data-state="lawsuit"],.uct-state[data-state="rejected"]{background:color-mix(in srgb,${BAD} 10%,${CARD});color:${BAD}}
.uct-state[data-state="closed"],.uct-state[data-state="approved"]{background:color-mix(in srgb,${OK} 10%,${CARD});color:${OK}}
.uct-state[data-state="incomplete"],.uct-state[data-state="counter_noticed"],.uct-state[data-state="pending"]{background:color-mix(in srgb,${WARN} 10%,${CARD});color:${WARN}}
.uct-steps{list-style:none;margin:0;padding:0 0 0 14px;border-left:2px solid ${LINE}}
.uct-steps li{position:relative;padding:0 0 14px 12px}
.uct-steps li::before{content:"";position:absolute;left:-21px;top:5px;width:12px;height:12px;border-radius:50%;background:${P}}
.uct-dl{display:grid;grid-template-columns:9em 1fr;gap:6px 12px;margin:0}
.uct-dl dt{color:${MUTED}}
.uct-dl dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
@media (max-width:480px){.uct-dl{grid-template-columns:1fr}.uct-dl dd{margin-bottom:6px}}
.uct-actions{display:flex;flex-wrap:wrap;gap:10px}
.uct-actions .uc-btn{min-height:44px}
`;

const STYLE_ID = 'mf-user-center-trust-style';

export function ensureTrustStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = TRUST_CSS;
  document.head.appendChild(style);
}
