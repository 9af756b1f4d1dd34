// Fixtures of the my-page and site tests, shaped like contracts/src/accounts.ts, content.ts, social.ts and site.ts.
export { expectToast, toastTexts } from 'shared-kernel/testing';

export function self(overrides: Record<string, unknown> = {}) {
  return {
    uid: 42, nickname: '读者', level: 2, gender: 'female', avatar: '', intro: '爱读书的人', is_active: 1, inactive_reason: null,
    country_code: '86', mobile: '139****0000', email: null, has_password: true, has_pwd_protection: false,
    create_time: '2026-11-01T02:00:00.000Z', ...overrides,
  };
}

export function publicUser(overrides: Record<string, unknown> = {}) {
  return { uid: 7, nickname: '李白', level: 3, gender: 'male', avatar: '/api/img-storage/3/', intro: '诗仙', ...overrides };
}

export const doc = (id: number, title: string) => ({ id, title });
export const folder = (id: number, name: string, itemCount = 2) => ({ id, name, is_public: true, is_default: false, item_count: itemCount, create_time: '2026-11-01T02:00:00.000Z' });

/** A picked picture of `bytes` bytes. */
export function picture(name = 'a.png', bytes = 10, type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
