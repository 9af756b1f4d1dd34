/**
 * The ledger's accounts, by code. Money (fen): what each provider took in from payers (goes negative: money
 * from outside), the site's sales; downloads: what grants issued (negative), each package's remaining
 * downloads, what packages spent. The coins issue adds users' coin accounts here.
 */
export const LEDGER_ACCOUNTS = {
  provider: (method: 'alipay' | 'wxpay') => ({ code: `provider:${method}`, mayGoNegative: true }),
  sales: (type: 'package' | 'docs') => ({ code: `sales:${type}` }),
  packageIssuance: { code: 'downloads:issued', mayGoNegative: true },
  packageSpent: { code: 'downloads:spent' },
  package: (userPackageId: number) => ({ code: `package:${userPackageId}` }),
} as const;
