/**
 * Ad slots and the provider that fills them. A provider is any source of creatives (the site's own promotions by
 * default; an ad network's adapter would implement the same interface).
 */

/** float: a card in the bottom-right corner on wide screens; banner: a bar along the bottom on phones. */
export type AdSlotName = 'float' | 'banner';

export interface AdCreative {
  /** Stable id of the creative (for reporting and tests). */
  id: string;
  kind: 'app-download' | 'packages';
  title: string;
  text: string;
  /** The call-to-action's label and where it goes (a site path). */
  cta: string;
  href: string;
}

export interface AdContext {
  /** The page's full path. */
  path: string;
  /** Inside the product's app or the mini-program: no "download the app" there. */
  inApp: boolean;
}

export interface AdProvider {
  /** The creative for a slot, or null to leave it empty. */
  creativeFor(slot: AdSlotName, context: AdContext): Promise<AdCreative | null>;
  /** Told when a creative's call-to-action is clicked. */
  clicked?(creative: AdCreative, slot: AdSlotName): void;
}
