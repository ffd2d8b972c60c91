import IntegrationsScreen from '../integrations/IntegrationsScreen';

/** Route of spec §2: the Integrações screen (features/integrations). */
export default function IntegrationsPage() {
  return <IntegrationsScreen />;
}
