import type { CaptchaType } from 'contracts';
import { click } from './click';
import { drag } from './drag';
import { rotate } from './rotate';
import { slide } from './slide';
import type { ChallengeKind } from './types';

export type { Issued } from './types';

/**
 * The four variants of the security check (SPEC §2 "Other dialogs"), by captchaType. Each checks the answer it
 * generated (read back from the database as JSON), hence `unknown` here.
 */
export const CHALLENGES: Record<CaptchaType, ChallengeKind<unknown>> = { slide, click, drag, rotate };
