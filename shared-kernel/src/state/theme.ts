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
