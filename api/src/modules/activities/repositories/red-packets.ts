import type { RedPacketState } from 'contracts';
import type { Queryable } from '../../../core/db';

export interface PacketRow {
  id: number;
  sender_id: number | null;
  sender_nickname: string | null;
  title: string;
  total_coins: number;
  shares: number;
  min_unit: number;
  remaining_coins: number;
  remaining_shares: number;
  state: RedPacketState;
  returned_coins: number;
  expire_time: Date;
  create_time: Date;
  my_coins: number | null;
}

// $1: the viewer (my share), may be null
const SELECT = `SELECT p.id, p.sender_id, u.nickname AS sender_nickname, p.title, p.total_coins, p.shares, p.min_unit, p.remaining_coins,
    p.remaining_shares, p.state, p.returned_coins, p.expire_time, p.create_time,
    (SELECT c.coins FROM red_packet_claims c WHERE c.packet_id = p.id AND c.user_id = $1) AS my_coins
  FROM red_packets p LEFT JOIN users u ON u.id = p.sender_id`;

export interface NewPacket {
  senderId: number | null;
  title: string;
  totalCoins: number;
  shares: number;
  minUnit: number;
  expireTime: Date;
  now: Date;
}

export async function insertPacket(q: Queryable, p: NewPacket): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO red_packets (sender_id, title, total_coins, shares, min_unit, remaining_coins, remaining_shares, expire_time, create_time)
     VALUES ($1, $2, $3, $4, $5, $3, $4, $6, $7) RETURNING id`,
    [p.senderId, p.title, p.totalCoins, p.shares, p.minUnit, p.expireTime, p.now],
  );
  return row.id;
}

export async function packetById(q: Queryable, id: number, viewerId: number | null): Promise<PacketRow | undefined> {
  const [row] = await q.query<PacketRow>(`${SELECT} WHERE p.id = $2`, [viewerId, id]);
  return row;
}

/** The packet's row, locked: claims of one packet queue here, so shares and coins cannot be over-taken. */
export async function lockPacket(q: Queryable, id: number): Promise<PacketRow | undefined> {
  const [row] = await q.query<PacketRow>(
    `SELECT id, sender_id, NULL AS sender_nickname, title, total_coins, shares, min_unit, remaining_coins, remaining_shares, state,
            returned_coins, expire_time, create_time, NULL AS my_coins FROM red_packets WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** The claim's id; null when this person holds a share of it already. */
export async function insertPacketClaim(q: Queryable, packetId: number, userId: number, coins: number, now: Date): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO red_packet_claims (packet_id, user_id, coins, create_time) VALUES ($1, $2, $3, $4)
     ON CONFLICT (packet_id, user_id) DO NOTHING RETURNING id`,
    [packetId, userId, coins, now],
  );
  return row ? row.id : null;
}

export async function takeShare(q: Queryable, packetId: number, coins: number): Promise<void> {
  await q.query(
    `UPDATE red_packets SET remaining_coins = remaining_coins - $2, remaining_shares = remaining_shares - 1,
            state = CASE WHEN remaining_shares = 1 THEN 'finished' ELSE state END WHERE id = $1`,
    [packetId, coins],
  );
}

export async function markExpired(q: Queryable, packetId: number, returned: number): Promise<void> {
  await q.query(`UPDATE red_packets SET state = 'expired', returned_coins = $2, remaining_coins = 0 WHERE id = $1`, [packetId, returned]);
}

export function expiredOpenPackets(q: Queryable, now: Date, limit: number): Promise<{ id: number }[]> {
  return q.query<{ id: number }>(`SELECT id FROM red_packets WHERE state = 'open' AND expire_time <= $1 ORDER BY expire_time LIMIT $2`, [now, limit]);
}

/** Packets I opened (received) or sent, newest first. */
export async function countPackets(q: Queryable, userId: number, box: 'received' | 'sent'): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    box === 'sent'
      ? 'SELECT count(*)::int AS n FROM red_packets WHERE sender_id = $1'
      : 'SELECT count(*)::int AS n FROM red_packet_claims WHERE user_id = $1',
    [userId],
  );
  return row.n;
}

export function listPackets(q: Queryable, userId: number, box: 'received' | 'sent', limit: number, offset: number): Promise<PacketRow[]> {
  return box === 'sent'
    ? q.query<PacketRow>(`${SELECT} WHERE p.sender_id = $1 ORDER BY p.id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset])
    : q.query<PacketRow>(
        `${SELECT} JOIN red_packet_claims mine ON mine.packet_id = p.id AND mine.user_id = $1 ORDER BY mine.id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      );
}

/** Test and audit view: every share of a packet. */
export function packetClaims(q: Queryable, packetId: number): Promise<{ user_id: number; coins: number }[]> {
  return q.query<{ user_id: number; coins: number }>('SELECT user_id, coins FROM red_packet_claims WHERE packet_id = $1 ORDER BY id', [packetId]);
}
