import { BehaviorSubject } from 'rxjs';

export type Theme = 'light' | 'dark';
const STORAGE_KEY = 'theme';

function initialTheme(): Theme {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Site theme: light by default, dark on request; remembered in local storage. */
export const theme$ = new BehaviorSubject<Theme>(initialTheme());

export function setTheme(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, theme);
  } catch {
    /* storage may be unavailable (private mode); the theme still applies for this page */
  }
  theme$.next(theme);
}

export function toggleTheme(): void {
  setTheme(theme$.value === 'dark' ? 'light' : 'dark');
}

/** The theme colours (SPEC.md §3: light by default, primary blue); the shell's CSS variables carry the same values. */
export const THEME_COLORS: Record<Theme, { primary: string; bg: string; fg: string; muted: string; card: string; line: string }> = {
  light: { primary: '#1677ff', bg: '#f5f7fa', fg: '#1f2329', muted: '#5c6370', card: '#fff', line: '#e5e8ef' },
  dark: { primary: '#1677ff', bg: '#141414', fg: '#e8e8e8', muted: '#a6adb8', card: '#1f1f1f', line: '#303030' },
};
