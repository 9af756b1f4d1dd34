import path from 'node:path';
import { UPLOAD_LIMITS } from 'contracts';

/** The limits of uploads (docs/uploads.md); the wire's UPLOAD_LIMITS plus what only the server knows. */
export const LIMITS = UPLOAD_LIMITS;

export const DOCUMENT_TYPES = ['doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'epub', 'txt', 'md'] as const;
export const IMAGE_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const ARCHIVE_TYPES = ['zip', 'rar'] as const;
/** Types LibreOffice converts: they wait (stage waiting_converter) while it is missing. */
export const OFFICE_TYPES: readonly string[] = ['doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx'];

export const SESSION_TTL_MS = 24 * 3600 * 1000;
/** How long one chunk may take before the session takes another PUT. */
export const CHUNK_BUSY_MS = 10 * 60 * 1000;
/** Attempts of a conversion job before it fails for good. */
export const MAX_ATTEMPTS = 3;
/** Back-off before the 2nd and the 3rd attempt. */
export const RETRY_DELAYS_MS = [10_000, 60_000];
/** How often a job waiting for the converter looks again. */
export const WAIT_CONVERTER_MS = 60_000;
/** Fewer visible characters than this in a document's text: flagged as little text for the reviewer. */
export const LITTLE_TEXT_CHARS = 50;

export function extOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

export function isImageExt(ext: string): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(ext);
}

export function isAllowedExt(ext: string): boolean {
  return [...DOCUMENT_TYPES, ...IMAGE_TYPES, ...ARCHIVE_TYPES].includes(ext as never);
}

/** The size limit of a file by its extension (images are smaller). */
export function maxSizeOf(ext: string): number {
  return isImageExt(ext) ? LIMITS.imageMaxSize : LIMITS.maxSize;
}

export const sizeText = (bytes: number) => `${Math.round(bytes / 1048576)}MB`;

/** The worker's settings, from the environment (CONVERT_WORKER=off: this process converts nothing). */
export interface WorkerOptions {
  enabled: boolean;
  /** How often an idle worker looks for jobs. */
  pollMs: number;
  /** A job's time limit; past it the job fails with a reason. */
  timeoutMs: number;
  /** The lease a claim takes and each renewal extends (on Redis also BullMQ's lockDuration). */
  leaseMs: number;
  /** Jobs one process converts at once (CONVERT_CONCURRENCY, default 1: LibreOffice takes a core). */
  concurrency: number;
}

export function workerOptionsFrom(env: NodeJS.ProcessEnv): WorkerOptions {
  return {
    enabled: env.CONVERT_WORKER !== 'off',
    pollMs: Number(env.CONVERT_POLL_MS) || 1000,
    timeoutMs: Number(env.CONVERT_TIMEOUT_MS) || 10 * 60 * 1000,
    leaseMs: Number(env.CONVERT_LEASE_MS) || 60_000,
    concurrency: Math.min(16, Math.max(1, Math.floor(Number(env.CONVERT_CONCURRENCY) || 1))),
  };
}
