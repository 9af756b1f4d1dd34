import { getCoinSettings, patchCoinSettings } from '../api/staff';
import { TEXTS } from '../texts';
import { fieldsOf, SettingsForm } from '../ui/SettingsForm';
import { PageFrame } from '../ui/Status';

/** admin/settings/coins: GET/PATCH /api/staff/settings/coins/ (finance). */
export default function CoinSettingsPage() {
  return (
    <PageFrame route="admin.settings.coins">
      <SettingsForm testId="coin-settings" fields={fieldsOf(TEXTS.settings.coins)} load={getCoinSettings} save={patchCoinSettings} />
    </PageFrame>
  );
}
