import { randomBytes, randomInt } from 'node:crypto';

/**
 * Randomness for captchas. Everything that decides an answer (positions, angles, characters) comes from the
 * CSPRNG: Math.random's state can be recovered from enough outputs, and a bot could then predict answers.
 */

/** An integer in [min, max] (both included). */
export function int(min: number, max: number): number {
  return randomInt(Math.ceil(min), Math.floor(max) + 1);
}

/** A number in [min, max). */
export function real(min: number, max: number): number {
  return min + (randomBytes(4).readUInt32BE(0) / 0x1_0000_0000) * (max - min);
}

export function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)];
}

/** `count` different items, in random order. */
export function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

/** A challenge id: 128 random bits, URL-safe. */
export function challengeId(): string {
  return randomBytes(16).toString('base64url');
}
