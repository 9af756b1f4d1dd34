import { THEME_COLORS, theme$ } from 'shared-kernel';

/**
 * Applies the kernel's theme to the page: `data-theme` on <html> (the CSS variables of index.html follow it), the
 * browser's colour scheme and the theme-color meta. The choice itself is remembered by the kernel.
 */
export function applyTheme(): () => void {
  const sub = theme$.subscribe((theme) => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme].card);
  });
  return () => sub.unsubscribe();
}
