import { toast } from 'shared-kernel';
import type { RedPacket } from '../api/activities';
import { TEXTS } from '../texts';

/**
 * Shares a red packet's link: the system share sheet where there is one (phones, WeChat's browser hands it to its
 * own sheet), otherwise the link is copied. The kernel has no WeChat share card yet (docs/activities.md).
 */
export async function sharePacket(packet: RedPacket): Promise<void> {
  const url = `${window.location.origin}${packet.share_path}`;
  const text = TEXTS.packets.shareText(packet.title);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: text, text, url });
      return;
    } catch {
      // cancelled or refused: copy instead
    }
  }
  await navigator.clipboard?.writeText(url);
  toast(TEXTS.packets.copied);
}
