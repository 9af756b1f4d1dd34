import type { ShareTarget } from 'contracts';
import { isWeixin, setWxShareCard, toastSuccess } from 'shared-kernel';
import { shareFile, shareTarget } from './api';
import { LIB_TEXTS } from './texts';

/** Copies a link; where the clipboard is refused, the link is shown in the toast to copy by hand. */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toastSuccess(LIB_TEXTS.folders.copied);
  } catch {
    toastSuccess(url, { duration: 8000 });
  }
}

/** Makes (or finds) my share link of the thing and copies its full address: opens through it are counted. */
export async function shareAndCopy(type: ShareTarget, id: number): Promise<void> {
  try {
    const link = await shareTarget(type, id);
    const url = `${window.location.origin}${link.url}`;
    // in WeChat the menu's share sends the counted link as a card
    if (isWeixin()) void setWxShareCard({ title: link.target.title, link: url });
    await copyLink(url);
  } catch {
    /* the kernel's toast said why */
  }
}

/** Makes a file share of the document and copies its address (anyone with it downloads until it expires). */
export async function shareFileAndCopy(docs: number): Promise<void> {
  try {
    const share = await shareFile(docs);
    await copyLink(`${window.location.origin}${share.url}`);
  } catch {
    /* the kernel's toast said why */
  }
}
