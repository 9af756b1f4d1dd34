// The shell's CSS variables (with their light-theme fallbacks) and the state colours every stylesheet of
// mf-user-center writes with, so dark mode follows the same way on every page.
export const P = 'var(--primary,#1677ff)';
export const PS = 'var(--primary-strong,#0958d9)';
export const LINK = 'var(--link,#0958d9)';
export const BG = 'var(--bg,#f5f7fa)';
export const FG = 'var(--fg,#1f2329)';
export const MUTED = 'var(--muted,#5c6370)';
export const CARD = 'var(--card,#fff)';
export const LINE = 'var(--line,#e5e8ef)';
/** A gain, approved, done (#237804 on white is 6.2:1). */
export const OK = '#237804';
/** A loss, rejected, dangerous (#a8071a, 7.9:1). */
export const BAD = '#a8071a';
export const WARN = '#ad6800';
