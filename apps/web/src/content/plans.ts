/** The plans and prices of spec §9, shown on the landing page and on /billing. */
export interface Plan {
  id: 'starter' | 'professional' | 'enterprise';
  name: string;
  /** As displayed, pt-BR currency format. */
  price: string;
  /** 'mês' | 'trimestre' | 'ano' */
  period: string;
  description: string;
  features: string[];
  popular: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 'R$ 89,90',
    period: 'mês',
    description: 'Para pequenas equipes começando o atendimento multicanal.',
    features: [
      'Até 3 agentes',
      '1.000 conversas/mês',
      'WhatsApp e Telegram',
      'Chat interno',
      'Relatórios básicos',
      'Suporte por email',
    ],
    popular: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 'R$ 209,90',
    period: 'trimestre',
    description: 'Para empresas em crescimento que precisam de todos os canais.',
    features: [
      'Até 10 agentes',
      '5.000 conversas/mês',
      'Todos os canais',
      'Automação avançada',
      'Analytics completo',
      'Suporte prioritário',
      'API personalizada',
    ],
    popular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'R$ 699,90',
    period: 'ano',
    description: 'Para operações grandes com necessidades sob medida.',
    features: [
      'Agentes ilimitados',
      'Conversas ilimitadas',
      'Integrações personalizadas',
      'SLA garantido',
      'Gerente dedicado',
      'Treinamento',
      'White-label disponível',
    ],
    popular: false,
  },
];

/** The badge of the popular plan. */
export const POPULAR_BADGE = 'Mais Popular';
/** Label of the sign-up and trial buttons until sign-up opens (spec §1). */
export const COMING_SOON = 'Disponível em Breve';
/** Label of the sign-up link once the server opens sign-up (GET /api/auth/config `signup`). */
export const SIGN_UP = 'Criar conta';
