import { navigate } from 'shared-kernel';
import type { AdCreative, AdProvider, AdSlotName } from './provider';

/** Builds an ad element: label, text, call-to-action and a close button. Plain DOM: the slot is not React's. */
export function renderAd(
  creative: AdCreative,
  slot: AdSlotName,
  serial: number,
  provider: AdProvider,
  onClose: () => void,
): HTMLElement {
  const aside = document.createElement('aside');
  aside.className = `ad ad-${slot}`;
  aside.dataset.ad = slot;
  aside.dataset.adSerial = String(serial);
  aside.dataset.adCreative = creative.id;
  aside.setAttribute('aria-label', '推广');

  const label = document.createElement('span');
  label.className = 'ad-label';
  label.textContent = '推广';

  const body = document.createElement('div');
  body.className = 'ad-body';
  const title = document.createElement('strong');
  title.className = 'ad-title';
  title.textContent = creative.title;
  const text = document.createElement('span');
  text.className = 'ad-text';
  text.textContent = creative.text;
  body.append(title, text);

  const cta = document.createElement('a');
  cta.className = 'btn ad-cta';
  cta.href = creative.href;
  cta.textContent = creative.cta;
  cta.addEventListener('click', (event) => {
    provider.clicked?.(creative, slot);
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(creative.href);
  });

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'ad-close';
  close.setAttribute('aria-label', '关闭推广');
  close.textContent = '×';
  close.addEventListener('click', onClose);

  aside.append(label, body, cta, close);
  return aside;
}
