import { getUploadSettings, patchUploadSettings } from '../api/staff';
import { TEXTS } from '../texts';
import { fieldsOf, SettingsForm } from '../ui/SettingsForm';
import { PageFrame } from '../ui/Status';

/** admin/settings/uploads: GET/PATCH /api/staff/settings/uploads/ (admin); empty: every upload is reviewed. */
export default function UploadSettingsPage() {
  return (
    <PageFrame route="admin.settings.uploads">
      <SettingsForm testId="upload-settings" fields={fieldsOf(TEXTS.settings.uploads, ['trusted_uploader_level'])} load={getUploadSettings} save={patchUploadSettings} />
    </PageFrame>
  );
}
