/**
 * Client-side navigation for every app. The shell's router (single-spa) patches history.pushState and fires a
 * popstate event, so the owning remote is activated and each remote's own router follows.
 */
export function navigate(url: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
}
