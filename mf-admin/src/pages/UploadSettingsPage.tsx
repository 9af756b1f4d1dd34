import { getUploadSettings, patchUploadSettings } from '../api/staff';
import { TEXTS } from '../texts';
import { fieldsOf, SettingsForm } from '../ui/SettingsForm';
import { PageFrame } from '../ui/Status';

/** The form's fields, made once (the form reloads its inputs when they change). */
const FIELDS = fieldsOf(TEXTS.settings.uploads, ['trusted_uploader_level']);

/** admin/settings/uploads: GET/PATCH /api/staff/settings/uploads/ (admin); empty: every upload is reviewed. */
export default function UploadSettingsPage() {
  return (
    <PageFrame route="admin.settings.uploads">
      <SettingsForm testId="upload-settings" fields={FIELDS} load={getUploadSettings} save={patchUploadSettings} />
    </PageFrame>
  );
}
