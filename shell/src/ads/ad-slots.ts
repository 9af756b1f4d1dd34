import { detectPlatform, siteContext } from 'shared-kernel';
import type { Decision } from '../routing/decide';
import { whenInteractive } from '../scheduling/when-interactive';
import type { AdProvider, AdSlotName } from './provider';
import { renderAd } from './render';

/** No ads while a person logs in or pays, nor in the staff console. */
const AD_FREE_REMOTES: ReadonlySet<string> = new Set(['mf-auth', 'mf-pay', 'mf-admin']);
/** Session-storage key: the visitor closed an ad; none for the rest of the session. */
export const ADS_DISMISSED_KEY = 'ads_dismissed';

function dismissed(): boolean {
  try {
    return sessionStorage.getItem(ADS_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function dismiss(): void {
  try {
    sessionStorage.setItem(ADS_DISMISSED_KEY, '1');
  } catch {
    /* storage unavailable: the ad is only closed for this page */
  }
}

/** Whether this page may carry an ad: a sub-site with ads (the kernel's siteContext), a remote's page, not login, pay or the staff console. */
export function adsAllowed(decision: Decision, hostname: string = location.hostname): boolean {
  return siteContext(hostname).adsEnabled && decision.kind === 'remote' && !AD_FREE_REMOTES.has(decision.remote) && !dismissed();
}

export interface AdSlotsOptions {
  /** The provider, loaded on first use (its code is a chunk of its own). */
  loadProvider: () => Promise<AdProvider>;
  /** Inside the product's app or the mini-program. */
  inApp: () => boolean;
  schedule?: (task: () => void) => void;
}

/**
 * The ad slots of the frame (SPEC.md §1, §6): on each navigation every ad element is removed at once; on pages that
 * allow ads, the slot is filled after the page is interactive. Slots are fixed-position boxes of a set size, so an
 * ad never moves the page's content and never delays its first paint.
 */
export function adSlots(options: AdSlotsOptions) {
  const schedule = options.schedule ?? whenInteractive;
  let serial = 0;
  let generation = 0;
  let provider: Promise<AdProvider> | null = null;

  const clear = () => {
    generation += 1;
    document.querySelectorAll('[data-ad]').forEach((el) => el.remove());
    document.body.classList.remove('has-ad-banner');
  };

  return {
    clear,
    fill(decision: Decision, path: string): void {
      if (!adsAllowed(decision)) return;
      const mine = generation;
      schedule(() => {
        if (mine !== generation) return;
        provider ??= options.loadProvider();
        const slot: AdSlotName = detectPlatform() === 'pc' ? 'float' : 'banner';
        void provider
          .then((p) => p.creativeFor(slot, { path, inApp: options.inApp() }).then((creative) => ({ p, creative })))
          .then(({ p, creative }) => {
            if (!creative || mine !== generation) return;
            serial += 1;
            const element = renderAd(creative, slot, serial, p, () => {
              dismiss();
              clear();
            });
            document.body.appendChild(element);
            if (slot === 'banner') document.body.classList.add('has-ad-banner');
          })
          .catch((error: unknown) => console.warn('[shell] 推广位加载失败', error));
      });
    },
  };
}
