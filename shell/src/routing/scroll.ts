/**
 * A new page starts at its top: after a navigation to another path, the window scrolls to (0, 0). Not after the
 * browser's back and forward (the browser restores where the person was), not for a link to an anchor (#id), and
 * not when only the query changes (a list's filter or page keeps its place).
 *
 * single-spa reports its own pushState and replaceState as popstate events marked `singleSpa`; a real back or
 * forward has no mark.
 */
export function scrollOnNavigation(win: Window = window): { navigated(pathname: string): void; stop(): void } {
  let lastPath = win.location.pathname;
  let fromHistory = false;
  const onPop = (event: PopStateEvent) => {
    if (!(event as PopStateEvent & { singleSpa?: boolean }).singleSpa) fromHistory = true;
  };
  win.addEventListener('popstate', onPop);
  return {
    navigated(pathname) {
      const changed = pathname !== lastPath;
      lastPath = pathname;
      if (changed && !fromHistory && !win.location.hash) win.scrollTo(0, 0);
      fromHistory = false;
    },
    stop: () => win.removeEventListener('popstate', onPop),
  };
}
