import { routePath, toastSuccess } from 'shared-kernel';
import { LIB_TEXTS } from './texts';

/** The address of a public folder's page. */
export const folderPageUrl = (id: number) => `${window.location.origin}${routePath('user.collect.folder', { id })}`;

/** Copies a link; where the clipboard is refused, the link is shown in the toast to copy by hand. */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toastSuccess(LIB_TEXTS.folders.copied);
  } catch {
    toastSuccess(url, { duration: 8000 });
  }
}
