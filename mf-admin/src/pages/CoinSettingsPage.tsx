import { getCoinSettings, patchCoinSettings } from '../api/staff';
import { TEXTS } from '../texts';
import { fieldsOf, SettingsForm } from '../ui/SettingsForm';
import { PageFrame } from '../ui/Status';

/** The form's fields, made once (the form reloads its inputs when they change). */
const FIELDS = fieldsOf(TEXTS.settings.coins);

/** admin/settings/coins: GET/PATCH /api/staff/settings/coins/ (finance). */
export default function CoinSettingsPage() {
  return (
    <PageFrame route="admin.settings.coins">
      <SettingsForm testId="coin-settings" fields={FIELDS} load={getCoinSettings} save={patchCoinSettings} />
    </PageFrame>
  );
}
