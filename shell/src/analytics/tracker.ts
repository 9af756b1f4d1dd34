/** A page view as the shell reports it: the full path (with query and hash) and the document title. */
export interface PageView {
  path: string;
  title: string;
}

/** An analytics service behind one interface (the default adapter is Baidu Tongji's `_hmt` queue). */
export interface AnalyticsTracker {
  pageView(view: PageView): void;
}

/**
 * SPEC.md §2: a page view after each navigation to a different full path, with path and title; none on the first
 * load (the tracker's own script counts that one when it loads). Call `navigated` after every routing.
 */
export function pageViewReporter(tracker: AnalyticsTracker): { navigated(path: string, title: string): boolean } {
  let last: string | null = null;
  return {
    navigated(path, title) {
      if (last === null || path === last) {
        last = path;
        return false;
      }
      last = path;
      tracker.pageView({ path, title });
      return true;
    },
  };
}
