import { PageHeader } from '../../ui/PageHeader';

/** Route of spec §2; the screen itself lands with the workspace-screens issue. */
export default function SettingsPage() {
  return <PageHeader title="Configurações" subtitle="Personalize o funcionamento" />;
}
