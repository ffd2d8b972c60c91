import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/selectors';
import { PageHeader } from '../../ui/PageHeader';

export default function OverviewPage() {
  const user = useAppSelector(selectUser);
  return <PageHeader title={`Olá, ${user?.name ?? ''}!`} />;
}
