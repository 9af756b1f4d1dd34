import { randomInt } from 'node:crypto';

/** A random integer in [0, n) (crypto by default; tests pass their own). */
export type RandomBelow = (n: number) => number;

const cryptoBelow: RandomBelow = (n) => randomInt(n);

/**
 * One red packet share by the double-average method: uniform between the minimum unit and twice the average of
 * what is left, capped so every later share still gets its minimum unit; the last share takes the rest. Shares
 * are whole multiples of `minUnit` except the last, which takes what remains (at least `minUnit`).
 */
export function nextShare(remaining: number, sharesLeft: number, minUnit: number, below: RandomBelow = cryptoBelow): number {
  if (sharesLeft < 1 || remaining < sharesLeft * minUnit) throw new Error(`red packet split: ${remaining} cannot make ${sharesLeft} shares of ${minUnit}`);
  if (sharesLeft === 1) return remaining;
  const reserve = (sharesLeft - 1) * minUnit;
  const max = Math.min(Math.floor((2 * remaining) / sharesLeft), remaining - reserve);
  const units = Math.floor(max / minUnit);
  return minUnit * (1 + below(Math.max(units, 1)));
}

/** The whole split at once (tests and previews): `shares` shares summing to `total`. */
export function splitAll(total: number, shares: number, minUnit: number, below: RandomBelow = cryptoBelow): number[] {
  const out: number[] = [];
  let remaining = total;
  for (let left = shares; left > 0; left--) {
    const share = nextShare(remaining, left, minUnit, below);
    out.push(share);
    remaining -= share;
  }
  return out;
}
