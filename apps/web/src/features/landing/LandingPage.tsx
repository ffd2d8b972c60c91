import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { authActions } from '../auth/authSlice';
import { ChannelsSection } from './sections/ChannelsSection';
import { ClosingCta } from './sections/ClosingCta';
import { FaqSection } from './sections/FaqSection';
import { FeaturesSection } from './sections/FeaturesSection';
import { HeroSection } from './sections/HeroSection';
import { InfoTabs } from './sections/InfoTabs';
import { LandingFooter } from './sections/LandingFooter';
import { LandingHeader } from './sections/LandingHeader';
import { PricingSection } from './sections/PricingSection';
import { ProblemsSection } from './sections/ProblemsSection';
import { useGlobalErrorLogging } from './useGlobalErrorLogging';

/** The public landing page at / (spec §2 "Landing page"). Loaded lazily by app/routes.tsx only. */
export default function LandingPage() {
  useGlobalErrorLogging();
  const dispatch = useAppDispatch();
  // The sign-up buttons become 'Criar conta' links when the server opens sign-up.
  useEffect(() => {
    dispatch(authActions.configNeeded());
  }, [dispatch]);
  return (
    <div id="top" className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-blue-700 focus:shadow-lg"
      >
        Pular para o conteúdo
      </a>
      <LandingHeader />
      <main id="conteudo">
        <HeroSection />
        <ProblemsSection />
        <ChannelsSection />
        <FeaturesSection />
        <InfoTabs />
        <PricingSection />
        <FaqSection />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
