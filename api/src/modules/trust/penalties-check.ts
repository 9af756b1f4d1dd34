import type { PenaltyKind } from 'contracts';
import type { Queryable } from '../../core/db';
import { ApiError } from '../../core/http/errors';
import { activePenaltyOf } from './repositories/penalties';

export interface ActivePenalty {
  id: number;
  kind: PenaltyKind;
  reason: string;
  end_time: Date | null;
}

/** The user's penalty of this kind in force at `now` (not lifted, not ended), or null. */
export async function activePenalty(db: Queryable, userId: number, kind: PenaltyKind, now: Date = new Date()): Promise<ActivePenalty | null> {
  return (await activePenaltyOf(db, userId, kind, now)) ?? null;
}

const REFUSALS: Record<Exclude<PenaltyKind, 'disabled'>, string> = {
  no_comment: '您已被禁止发表评论',
  no_upload: '您已被禁止上传文档',
  no_download: '您已被禁止下载文档',
};

function until(end: Date | null): string {
  if (!end) return '';
  const d = new Date(end.getTime() + 8 * 3600_000); // shown in China time
  return `，至 ${d.toISOString().slice(0, 16).replace('T', ' ')} 解除`;
}

/** 403 `penalized` with a Chinese message when the user has an active penalty of this kind. */
export async function refusePenalized(db: Queryable, userId: number, kind: Exclude<PenaltyKind, 'disabled'>, now: Date = new Date()): Promise<void> {
  const p = await activePenalty(db, userId, kind, now);
  if (p) throw new ApiError(403, 'penalized', `${REFUSALS[kind]}${until(p.end_time)}`, undefined, { penalty: kind });
}
