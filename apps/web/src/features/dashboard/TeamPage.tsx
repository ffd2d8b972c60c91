import { PageHeader } from '../../ui/PageHeader';

/** Route of spec §2; the screen itself lands with the workspace-screens issue. */
export default function TeamPage() {
  return <PageHeader title="Equipe" subtitle="Gerencie usuários e administradores" />;
}
