/**
 * The ledger's accounts, by code. Money (fen): what each provider took in from payers (goes negative: money
 * from outside), the site's sales; downloads: what grants issued (negative), each package's remaining
 * downloads, what packages spent. Coins: see below and docs/payments.md.
 */
export const LEDGER_ACCOUNTS = {
  provider: (method: 'alipay' | 'wxpay') => ({ code: `provider:${method}`, mayGoNegative: true }),
  sales: (type: 'package' | 'docs') => ({ code: `sales:${type}` }),
  packageIssuance: { code: 'downloads:issued', mayGoNegative: true },
  packageSpent: { code: 'downloads:spent' },
  package: (userPackageId: number) => ({ code: `package:${userPackageId}` }),
  // coins: what sales issued to uploaders (negative: made from the site's share of money), each user's three
  // buckets, what withdrawals paid out and their fees, and the site's part of documents bought with coins
  coinsIssued: { code: 'coins:issued', mayGoNegative: true },
  coins: (userId: number, bucket: 'available' | 'frozen' | 'withdrawing') => ({ code: `coins:u:${userId}:${bucket}` }),
  coinsWithdrawn: { code: 'coins:withdrawn' },
  coinsFees: { code: 'coins:fees' },
  coinsSite: { code: 'coins:site' },
  // activities: the site's reward budget (negative: coins the site gave away) and each red packet's coins not yet taken
  activityBudget: { code: 'coins:activities', mayGoNegative: true },
  redPacket: (packetId: number) => ({ code: `redpacket:${packetId}` }),
} as const;
