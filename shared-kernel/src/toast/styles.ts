/**
 * The toast host's stylesheet, injected once on first use. It uses the shell's CSS variables (--primary, --card,
 * --fg, --line) with fallbacks, so toasts follow the theme and still look right on a page without the shell.
 */
export const TOAST_CSS = `
.kt-host{position:fixed;top:12px;left:50%;transform:translateX(-50%);z-index:3000;display:flex;flex-direction:column;
  align-items:center;gap:8px;width:max-content;max-width:calc(100vw - 24px);pointer-events:none}
.kt-region{display:contents}
.kt-item{pointer-events:auto;display:flex;align-items:flex-start;gap:10px;box-sizing:border-box;max-width:min(560px,calc(100vw - 24px));
  padding:10px 12px 10px 14px;border:1px solid var(--line,#e5e8ef);border-left:4px solid var(--kt-accent);border-radius:8px;
  background:var(--card,#fff);color:var(--fg,#1f2329);box-shadow:0 6px 24px rgba(0,0,0,.12);
  font:14px/1.6 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;
  overflow-wrap:anywhere;animation:kt-in .18s ease-out}
.kt-info{--kt-accent:var(--primary,#1677ff)}.kt-success{--kt-accent:#52c41a}.kt-warning{--kt-accent:#faad14}.kt-error{--kt-accent:#ff4d4f}
.kt-body{flex:1;min-width:0}
.kt-body a{color:var(--primary,#1677ff)}
.kt-action{flex:none;min-height:24px;border:0;background:none;color:var(--primary,#1677ff);font:inherit;font-weight:600;cursor:pointer;padding:0 4px}
.kt-close{flex:none;min-width:24px;min-height:24px;border:0;background:none;color:inherit;opacity:.7;font:inherit;font-size:16px;line-height:1;cursor:pointer;padding:0}
.kt-action:focus-visible,.kt-close:focus-visible{outline:2px solid var(--primary,#1677ff);outline-offset:2px;border-radius:4px}
@keyframes kt-in{from{opacity:0;transform:translateY(-6px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){.kt-item{animation:none}}
`;
