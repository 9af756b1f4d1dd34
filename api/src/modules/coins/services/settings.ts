import type { CoinSettings as CoinSettingsAnswer, CoinSettingsPatch } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../../../core/http/errors';
import { COIN_SETTING_COLUMNS, coinSettingsRow, shortenFreeze, writeCoinSettings, type CoinSettings } from '../repositories/settings';

function answer(s: CoinSettings & { update_time: Date }): CoinSettingsAnswer {
  return { ...s, update_time: s.update_time.toISOString() };
}

export async function readCoinSettings(app: FastifyInstance): Promise<CoinSettingsAnswer> {
  return answer(await coinSettingsRow(app.db));
}

/**
 * Staff change some coin rules (docs/payments.md, "Coins"). The row is locked, merged and checked as a whole
 * (min <= max); a shorter freeze period also brings forward the release of coins still frozen (a longer one
 * applies to new earnings only: nobody's promised date moves later).
 */
export async function changeCoinSettings(app: FastifyInstance, patch: CoinSettingsPatch): Promise<CoinSettingsAnswer> {
  if (!COIN_SETTING_COLUMNS.some((c) => patch[c] !== undefined)) throw invalid({ non_field_errors: ['请至少修改一项设置'] }, '请至少修改一项设置');
  return app.db.transaction(async (tx) => {
    const current = await coinSettingsRow(tx, true);
    const next: CoinSettings = { ...current };
    for (const c of COIN_SETTING_COLUMNS) next[c] = patch[c] ?? current[c];
    if (next.max_withdraw_coins < next.min_withdraw_coins) {
      throw invalid({ max_withdraw_coins: ['单笔最多提现金币不能少于单笔最少提现金币'] }, '单笔最多提现金币不能少于单笔最少提现金币');
    }
    const at = app.now();
    await writeCoinSettings(tx, next, at);
    if (next.freeze_days < current.freeze_days) await shortenFreeze(tx, next.freeze_days);
    return answer({ ...next, update_time: at });
  });
}
