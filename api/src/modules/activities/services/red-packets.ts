import { RED_PACKET_STATE_LABELS, type RedPacket, type RedPacketOpened } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import type { PaginateOptions } from '../../../core/http/pagination';
import { balanceOf, LEDGER_ACCOUNTS } from '../../ledger';
import {
  countPackets,
  expiredOpenPackets,
  insertPacket,
  insertPacketClaim,
  listPackets,
  lockPacket,
  markExpired,
  packetById,
  takeShare,
  type PacketRow,
} from '../repositories/red-packets';
import { moveCoins } from './rewards';
import { nextShare, type RandomBelow } from './split';

const HOUR_MS = 3_600_000;
const DEFAULT_EXPIRE_HOURS = 24;

export function toPacket(p: PacketRow): RedPacket {
  return {
    id: p.id,
    title: p.title,
    sender: p.sender_id === null ? '官方' : (p.sender_nickname ?? ''),
    total_coins: p.total_coins,
    shares: p.shares,
    remaining_coins: p.remaining_coins,
    remaining_shares: p.remaining_shares,
    state: p.state,
    state_label: RED_PACKET_STATE_LABELS[p.state],
    returned_coins: p.returned_coins,
    expire_time: p.expire_time.toISOString(),
    create_time: p.create_time.toISOString(),
    my_coins: p.my_coins === null ? null : Number(p.my_coins),
    share_path: `/app/activity/home_page1?packet=${p.id}`,
  };
}

/** Where a packet's coins come from and go back to: the sender's available coins, or the site's budget. */
function sourceOf(p: { sender_id: number | null }) {
  return p.sender_id === null ? LEDGER_ACCOUNTS.activityBudget : LEDGER_ACCOUNTS.coins(p.sender_id, 'available');
}

export interface NewRedPacket {
  title: string;
  total_coins: number;
  shares: number;
  min_unit?: number;
  expire_hours?: number;
}

/** A red packet funded in the same transaction (from the sender's coins, or the site's budget when sender is null). */
export async function createPacket(app: FastifyInstance, senderId: number | null, body: NewRedPacket): Promise<RedPacket> {
  const minUnit = body.min_unit ?? 1;
  if (body.total_coins < body.shares * minUnit) {
    throw new ApiError(400, 'too_many_shares', `每个红包至少 ${minUnit} 金币，金额不够分成 ${body.shares} 个`, { shares: ['红包个数过多'] });
  }
  if (senderId !== null && (await balanceOf(app.db, LEDGER_ACCOUNTS.coins(senderId, 'available').code)) < body.total_coins) {
    throw new ApiError(400, 'insufficient_coins', '可用金币不足', { total_coins: ['可用金币不足'] });
  }
  const now = app.now();
  const id = await app.db.transaction(async (tx) => {
    const packetId = await insertPacket(tx, {
      senderId,
      title: body.title.trim() || '恭喜发财',
      totalCoins: body.total_coins,
      shares: body.shares,
      minUnit,
      expireTime: new Date(now.getTime() + (body.expire_hours ?? DEFAULT_EXPIRE_HOURS) * HOUR_MS),
      now,
    });
    await moveCoins(tx, { key: `red-packet-fund:${packetId}`, from: sourceOf({ sender_id: senderId }), to: LEDGER_ACCOUNTS.redPacket(packetId), coins: body.total_coins, ref: `red-packet:${packetId}`, memo: `发出红包：${body.title}`, at: now });
    return packetId;
  });
  return toPacket((await packetById(app.db, id, senderId)) as PacketRow);
}

/**
 * Opens a packet: under the packet's row lock, the next share by double-average, the claim (unique per packet
 * and person) and its ledger entry, all in one transaction. Concurrent openers queue on the lock; a second try
 * by the same person meets the unique key.
 */
export async function openPacket(app: FastifyInstance, userId: number, packetId: number, below?: RandomBelow): Promise<RedPacketOpened> {
  const now = app.now();
  const coins = await app.db.transaction(async (tx) => {
    const p = await lockPacket(tx, packetId);
    if (!p) throw new ApiError(404, 'not_found', '红包不存在');
    if (p.state === 'expired' || (p.state === 'open' && p.expire_time <= now)) throw new ApiError(410, 'red_packet_expired', '红包已过期');
    if (p.state === 'finished' || p.remaining_shares === 0) throw new ApiError(410, 'red_packet_empty', '手慢了，红包已领完');
    const share = nextShare(p.remaining_coins, p.remaining_shares, p.min_unit, below);
    const claimId = await insertPacketClaim(tx, p.id, userId, share, now);
    if (claimId === null) throw new ApiError(409, 'red_packet_taken', '你已领过这个红包');
    await takeShare(tx, p.id, share);
    await moveCoins(tx, { key: `red-packet-claim:${claimId}`, from: LEDGER_ACCOUNTS.redPacket(p.id), to: LEDGER_ACCOUNTS.coins(userId, 'available'), coins: share, ref: `red-packet:${p.id}`, memo: `领取红包：${p.title}`, at: now });
    return share;
  });
  const packet = toPacket((await packetById(app.db, packetId, userId)) as PacketRow);
  return { coins, packet, message: `恭喜，领到 ${coins} 金币` };
}

export async function packetDetail(app: FastifyInstance, packetId: number, viewerId: number | null): Promise<RedPacket> {
  const p = await packetById(app.db, packetId, viewerId);
  if (!p) throw new ApiError(404, 'not_found', '红包不存在');
  return toPacket(p);
}

export function packetList(app: FastifyInstance, userId: number, box: 'received' | 'sent'): PaginateOptions<RedPacket> {
  return {
    count: () => countPackets(app.db, userId, box),
    fetch: async (limit, offset) => (await listPackets(app.db, userId, box, limit, offset)).map(toPacket),
  };
}

/** Returns expired packets' leftovers to where they came from (the sweep); answers how many packets it closed. */
export async function returnExpired(app: FastifyInstance): Promise<number> {
  const now = app.now();
  let closed = 0;
  for (const { id } of await expiredOpenPackets(app.db, now, 200)) {
    const done = await app.db.transaction(async (tx) => {
      const p = await lockPacket(tx, id);
      if (!p || p.state !== 'open' || p.expire_time > now) return false;
      if (p.remaining_coins > 0) {
        await moveCoins(tx, { key: `red-packet-return:${p.id}`, from: LEDGER_ACCOUNTS.redPacket(p.id), to: sourceOf(p), coins: p.remaining_coins, ref: `red-packet:${p.id}`, memo: `红包过期退回：${p.title}`, at: now });
      }
      await markExpired(tx, p.id, p.remaining_coins);
      return true;
    });
    if (done) closed++;
  }
  return closed;
}
