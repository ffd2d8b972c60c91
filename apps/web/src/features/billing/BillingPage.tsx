import { PageHeader } from '../../ui/PageHeader';

export default function BillingPage() {
  return <PageHeader title="Assinatura" />;
}
