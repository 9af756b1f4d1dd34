import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash as argonHash, verify as argonVerify, type Algorithm, type Options } from '@node-rs/argon2';

/** OWASP ASVS 5 / DESIGN.md: argon2id, m=19456 KiB, t=2, p=1. (2 is Argon2id: the package's enum is const.) */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULE_MESSAGE = '密码应为至少8位数字字母组合';

/** The rule of SPEC §5 (at least 8 characters, with a digit and a letter); null when the password is fine. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length > PASSWORD_MAX) return `密码不能超过${PASSWORD_MAX}个字符`;
  if (length < PASSWORD_MIN || !/[0-9]/.test(password) || !/\p{L}/u.test(password)) return PASSWORD_RULE_MESSAGE;
  return null;
}

/**
 * At most one argon2 computation per core at a time: each holds 19 MiB and a full core, so more in parallel only
 * adds memory (and starves the thread pool the file system also uses) without adding throughput.
 */
const slots = availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight to the next in line
    else running -= 1;
  }
}

/** argon2id with ARGON2_OPTIONS, through the per-core limit. */
export function hash(text: string): Promise<string> {
  return limited(() => argonHash(text, ARGON2_OPTIONS));
}

/** Verification of an argon2 PHC string, through the per-core limit; false for a malformed one. */
export function verify(phc: string, text: string): Promise<boolean> {
  return limited(() => argonVerify(phc, text)).catch(() => false);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `storedHash`. Without a stored hash (unknown phone, account without password)
 * a throw-away hash is verified instead, so the answer takes as long as for a real account.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password); // a malformed stored hash logs nobody in
}
