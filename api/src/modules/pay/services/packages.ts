import type { Queryable } from '../../../core/db';
import { earnOnPackageDownload } from '../../coins/services/earnings';
import { LEDGER_ACCOUNTS, postEntry } from '../../ledger';
import { usablePackage, type UserPackageRow } from '../repositories/packages';
import { paySettings } from '../repositories/policies';
import { upsertPurchase } from '../repositories/purchases';

const DAY_MS = 24 * 3600 * 1000;

/** The package a paid download would take from (null: none covers it); call inside the download's transaction. */
export function packageFor(tx: Queryable, userId: number, priceFen: number, now: Date): Promise<UserPackageRow | undefined> {
  return usablePackage(tx, userId, priceFen, now);
}

/**
 * Takes one download from the package for this download record (the ledger key is the record: one record, one
 * download taken) and makes the document the user's for the re-download period, under the package's order
 * (refunding the package takes it back). Answers what is left. InsufficientBalance rolls the download back.
 */
export async function spendPackageDownload(
  tx: Queryable,
  p: { pkg: UserPackageRow; recordId: number; userId: number; docsId: number; at: Date },
): Promise<number> {
  await postEntry(tx, {
    key: `package-download:${p.recordId}`,
    kind: 'package_download',
    unit: 'download',
    at: p.at,
    memo: `docs ${p.docsId}`,
    postings: [
      { account: LEDGER_ACCOUNTS.package(p.pkg.id), amount: -1 },
      { account: LEDGER_ACCOUNTS.packageSpent, amount: 1 },
    ],
  });
  await earnOnPackageDownload(tx, { recordId: p.recordId, docsId: p.docsId, unitPriceFen: p.pkg.unit_price, packageOrderId: p.pkg.order_id, buyerId: p.userId, at: p.at });
  const settings = await paySettings(tx);
  const expireAt = new Date(p.at.getTime() + settings.redownload_days * DAY_MS);
  await upsertPurchase(tx, { userId: p.userId, docsId: p.docsId, orderNo: p.pkg.order_no, source: 'package', at: p.at, expireAt });
  return Number(p.pkg.downloads_left) - 1;
}
