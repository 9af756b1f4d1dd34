import { getPaySettings, patchPaySettings } from '../api/staff';
import { TEXTS } from '../texts';
import { fieldsOf, SettingsForm } from '../ui/SettingsForm';
import { PageFrame } from '../ui/Status';

/** admin/settings/pay: GET/PATCH /api/staff/settings/pay/ (finance). */
export default function PaySettingsPage() {
  return (
    <PageFrame route="admin.settings.pay">
      <SettingsForm testId="pay-settings" fields={fieldsOf(TEXTS.settings.pay)} load={getPaySettings} save={patchPaySettings} />
    </PageFrame>
  );
}
