import { getPaySettings, patchPaySettings } from '../api/staff';
import { TEXTS } from '../texts';
import { fieldsOf, SettingsForm } from '../ui/SettingsForm';
import { PageFrame } from '../ui/Status';

/** The form's fields, made once (the form reloads its inputs when they change). */
const FIELDS = fieldsOf(TEXTS.settings.pay);

/** admin/settings/pay: GET/PATCH /api/staff/settings/pay/ (finance). */
export default function PaySettingsPage() {
  return (
    <PageFrame route="admin.settings.pay">
      <SettingsForm testId="pay-settings" fields={FIELDS} load={getPaySettings} save={patchPaySettings} />
    </PageFrame>
  );
}
