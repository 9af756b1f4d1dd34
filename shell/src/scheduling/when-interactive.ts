/**
 * Runs `task` once the page is interactive: after the load event, when the browser is idle (at the latest 2 s
 * later). For work the first screen does not need: ads, analytics, the footer's record numbers.
 */
export function whenInteractive(task: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(() => task(), { timeout: 2000 }) : setTimeout(task, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
