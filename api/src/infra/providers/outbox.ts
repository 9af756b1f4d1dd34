import type { Db } from '../../core/db';

export type OutboxChannel = 'sms' | 'email';

export interface OutboxMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  /** The verification code the message carries, for end-to-end tests. */
  code: string | null;
  create_time: Date;
}

/**
 * What the simulators "delivered": stored in dev_outbox and logged, readable through GET /api/dev/outbox/ in
 * development and test. Never used by the real adapters.
 */
export interface DevOutbox {
  record(message: Omit<OutboxMessage, 'id' | 'create_time'>): Promise<void>;
  list(channel: OutboxChannel, recipient: string, limit: number): Promise<OutboxMessage[]>;
}

export function dbOutbox(db: Db, now: () => Date, log: (message: OutboxMessage) => void): DevOutbox {
  return {
    async record(message) {
      const [row] = await db.query<OutboxMessage>(
        `INSERT INTO dev_outbox (channel, recipient, subject, body, code, create_time)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, channel, recipient, subject, body, code, create_time`,
        [message.channel, message.recipient, message.subject, message.body, message.code, now()],
      );
      log(row);
    },
    list(channel, recipient, limit) {
      return db.query<OutboxMessage>(
        `SELECT id, channel, recipient, subject, body, code, create_time FROM dev_outbox
          WHERE channel = $1 AND recipient = $2 ORDER BY id DESC LIMIT $3`,
        [channel, recipient, limit],
      );
    },
  };
}
