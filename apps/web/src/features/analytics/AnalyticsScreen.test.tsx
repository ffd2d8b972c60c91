import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MemberRole } from '../../api/types';
import { createAppStore } from '../../app/store';
import { makeMe } from '../../test/fixtures';
import { authActions, authReducer } from '../auth/authSlice';
import type { AnalyticsDay, AnalyticsReport, AnalyticsTotals } from './analytics-api';
import AnalyticsPage from '../dashboard/AnalyticsPage';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);

// recharts' ResponsiveContainer measures its parent with ResizeObserver, which jsdom lacks: this
// one reports a 600×240 box as soon as it observes.
class FixedSizeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, contentRect: { width: 600, height: 240 } } as unknown as ResizeObserverEntry],
      this as unknown as ResizeObserver,
    );
  }
  unobserve() {}
  disconnect() {}
}
const realResizeObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = FixedSizeResizeObserver as unknown as typeof ResizeObserver;
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  globalThis.ResizeObserver = realResizeObserver;
});

const zeroTotals = (): AnalyticsTotals => ({
  inbound: 0,
  outbound: 0,
  conversationsStarted: 0,
  resolved: 0,
  ratings: 0,
  ratingsByScore: [0, 0, 0, 0, 0],
  avgFirstResponseMs: null,
  avgResponseMs: null,
  avgRating: null,
});

function daysEnding(to: string, n: number, fill: (i: number) => Partial<AnalyticsDay> = () => ({})) {
  const end = Date.parse(`${to}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => ({
    day: new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    inbound: 0,
    outbound: 0,
    conversationsStarted: 0,
    resolved: 0,
    ...fill(i),
  }));
}

/** A week with figures: 128 received, 1.234 sent, 40 started, 30 resolved, 4 ratings. */
function weekReport(): AnalyticsReport {
  const perDay = daysEnding('2026-11-03', 7, (i) =>
    i === 6
      ? { inbound: 100, outbound: 1200, conversationsStarted: 30, resolved: 25 }
      : i === 5
        ? { inbound: 28, outbound: 34, conversationsStarted: 10, resolved: 5 }
        : {},
  );
  return {
    period: { days: 7, from: '2026-10-28', to: '2026-11-03' },
    totals: {
      inbound: 128,
      outbound: 1234,
      conversationsStarted: 40,
      resolved: 30,
      ratings: 4,
      ratingsByScore: [0, 0, 1, 1, 2],
      avgFirstResponseMs: 150_000,
      avgResponseMs: 3_900_000,
      avgRating: 4.25,
    },
    previous: {
      from: '2026-10-21',
      to: '2026-10-27',
      totals: {
        ...zeroTotals(),
        inbound: 100,
        outbound: 1234,
        conversationsStarted: 50,
        avgFirstResponseMs: 300_000,
      },
    },
    perDay,
    perAgent: [
      {
        agentId: 'u_ana',
        name: 'Ana Lima',
        outbound: 1000,
        resolved: 20,
        ratings: 3,
        avgResponseMs: 90_000,
        avgFirstResponseMs: 120_000,
        avgRating: 4.67,
      },
      {
        agentId: 'u_gone',
        name: null,
        outbound: 234,
        resolved: 10,
        ratings: 0,
        avgResponseMs: null,
        avgFirstResponseMs: null,
        avgRating: null,
      },
    ],
    recentActivity: [
      {
        id: '12',
        kind: 'conversation-rated',
        at: '2026-11-03T17:05:00.000Z',
        customerName: 'Maria Souza',
        agentId: 'u_ana',
        agentName: 'Ana Lima',
        rating: 5,
      },
      {
        id: '11',
        kind: 'conversation-resolved',
        at: '2026-11-03T17:00:00.000Z',
        customerName: 'Maria Souza',
        agentId: 'u_ana',
        agentName: 'Ana Lima',
        rating: null,
      },
      {
        id: '10',
        kind: 'conversation-started',
        at: '2026-11-03T16:00:00.000Z',
        customerName: null,
        agentId: null,
        agentName: null,
        rating: null,
      },
    ],
  };
}

function monthReport(): AnalyticsReport {
  const week = weekReport();
  return {
    ...week,
    period: { days: 30, from: '2026-10-05', to: '2026-11-03' },
    totals: {
      ...week.totals,
      inbound: 512,
      outbound: 2048,
      conversationsStarted: 160,
      avgFirstResponseMs: 45_000,
    },
    previous: { from: '2026-09-05', to: '2026-10-04', totals: zeroTotals() },
    perDay: daysEnding('2026-11-03', 30, (i) => (i === 0 ? { inbound: 384, outbound: 814 } : {})),
  };
}

function emptyReport(days = 7): AnalyticsReport {
  return {
    period: { days, from: '2026-10-28', to: '2026-11-03' },
    totals: zeroTotals(),
    previous: { from: '2026-10-21', to: '2026-10-27', totals: zeroTotals() },
    perDay: daysEnding('2026-11-03', days),
    perAgent: [],
    recentActivity: [],
  };
}

/** Serves GET /api/analytics from `reports` by period and records the query strings asked. */
function serve(reports: Partial<Record<string, AnalyticsReport | (() => Promise<Response> | Response)>>) {
  const queries: string[] = [];
  server.use(
    http.get('/api/analytics', async ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      const answer = reports[url.searchParams.get('period') ?? ''];
      if (typeof answer === 'function') return answer();
      if (!answer) return HttpResponse.json({ success: false, error: 'sem período' }, { status: 400 });
      return HttpResponse.json({ success: true, ...answer });
    }),
  );
  return queries;
}

function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

/** The page at `url`, signed in as a `role` (a Supervisor, the least role with analytics:read, unless told). */
function renderAt(url = '/dashboard/analytics', role: MemberRole = 'Supervisor') {
  const user = makeMe({ role });
  const auth = authReducer(undefined, authActions.sessionChecked(user));
  const store = createAppStore({ preloadedState: { auth }, runSagas: false });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/dashboard/analytics"
            element={
              <>
                <AnalyticsPage />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const kpi = (title: string) => screen.getByRole('group', { name: title });
const periodButton = (label: string) =>
  within(screen.getByRole('group', { name: 'Período' })).getByRole('button', { name: label });

describe('Analytics screen', () => {
  it('asks for 7 dias by default and shows the KPI cards with the change versus the previous period', async () => {
    const queries = serve({ '7d': weekReport() });
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando relatórios...');
    await waitFor(() => expect(within(kpi('Mensagens recebidas')).getByText('128')).toBeInTheDocument());
    expect(queries).toEqual(['?period=7d']);
    expect(periodButton('7 dias')).toHaveAttribute('aria-pressed', 'true');
    expect(periodButton('30 dias')).toHaveAttribute('aria-pressed', 'false');
    expect(periodButton('90 dias')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Últimos 7 dias (28/10 a 03/11)')).toBeInTheDocument();

    expect(kpi('Mensagens recebidas')).toHaveTextContent('+28% vs. período anterior');
    expect(kpi('Mensagens enviadas')).toHaveTextContent('1.234');
    expect(kpi('Mensagens enviadas')).toHaveTextContent('Sem alteração vs. período anterior');
    expect(kpi('Conversas iniciadas')).toHaveTextContent('40');
    expect(kpi('Conversas iniciadas')).toHaveTextContent('−20% vs. período anterior');
    expect(kpi('Tempo médio de primeira resposta')).toHaveTextContent('2 min 30 s');
    expect(kpi('Tempo médio de primeira resposta')).toHaveTextContent('−50% vs. período anterior');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('the period selector refetches with ?period=30d, changes the figures and keeps the choice in the address', async () => {
    // The 30 days without their previous period (the gateway always sends one): the cards still show.
    const queries = serve({
      '7d': weekReport(),
      '30d': () => HttpResponse.json({ success: true, ...monthReport(), previous: undefined }),
    });
    const user = userEvent.setup();
    renderAt();
    await waitFor(() => expect(kpi('Mensagens recebidas')).toHaveTextContent('128'));

    await user.click(periodButton('30 dias'));
    expect(periodButton('30 dias')).toHaveAttribute('aria-pressed', 'true');
    expect(periodButton('7 dias')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(kpi('Mensagens recebidas')).toHaveTextContent('512'));
    expect(queries).toEqual(['?period=7d', '?period=30d']);
    expect(kpi('Mensagens enviadas')).toHaveTextContent('2.048');
    expect(kpi('Tempo médio de primeira resposta')).toHaveTextContent('45 s');
    // This answer has no previous period: no change text.
    expect(kpi('Mensagens recebidas')).not.toHaveTextContent('período anterior');
    expect(screen.getByText('Últimos 30 dias (05/10 a 03/11)')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/analytics?period=30d');

    // Back to the default: the address loses the parameter.
    await user.click(periodButton('7 dias'));
    await waitFor(() => expect(kpi('Mensagens recebidas')).toHaveTextContent('128'));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/analytics');
    expect(queries).toEqual(['?period=7d', '?period=30d', '?period=7d']);
  });

  it('opens on the period of the address (a reload keeps it); an unknown one is 7 dias', async () => {
    const queries = serve({ '90d': emptyReport(90), '7d': emptyReport(7) });
    const { unmount } = renderAt('/dashboard/analytics?period=90d');
    await waitFor(() => expect(periodButton('90 dias')).toHaveAttribute('aria-pressed', 'true'));
    await screen.findByText('Nenhuma atividade neste período');
    expect(queries).toEqual(['?period=90d']);
    unmount();
    renderAt('/dashboard/analytics?period=14d');
    await screen.findByText('Nenhuma atividade neste período');
    expect(periodButton('7 dias')).toHaveAttribute('aria-pressed', 'true');
    expect(queries).toEqual(['?period=90d', '?period=7d']);
  });

  it('shows the old figures dimmed while another period loads, and drops an answer that came too late', async () => {
    let releaseMonth = () => {};
    const monthHeld = new Promise<void>((resolve) => {
      releaseMonth = resolve;
    });
    const queries = serve({
      '7d': weekReport(),
      '30d': async () => {
        await monthHeld;
        return HttpResponse.json({ success: true, ...monthReport() });
      },
      '90d': async () => {
        await delay(10);
        return HttpResponse.json({ success: true, ...emptyReport(90) });
      },
    });
    const user = userEvent.setup();
    renderAt();
    await waitFor(() => expect(kpi('Mensagens recebidas')).toHaveTextContent('128'));
    await user.click(periodButton('30 dias'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Atualizando...'));
    expect(kpi('Mensagens recebidas')).toHaveTextContent('128');
    expect(kpi('Mensagens recebidas').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');

    await user.click(periodButton('90 dias'));
    await screen.findByText('Nenhuma atividade neste período');
    releaseMonth();
    await delay(30);
    expect(kpi('Mensagens recebidas')).toHaveTextContent('0');
    expect(periodButton('90 dias')).toHaveAttribute('aria-pressed', 'true');
    expect(queries).toEqual(['?period=7d', '?period=30d', '?period=90d']);
  });

  it('draws both charts with recharts and gives the same figures in accessible tables', async () => {
    serve({ '7d': weekReport() });
    const { container } = renderAt();
    const messages = await screen.findByRole('table', { name: /^Mensagens por dia, 28\/10 a 03\/11/ });
    await waitFor(() => expect(container.querySelectorAll('.recharts-wrapper')).toHaveLength(2));
    expect(
      screen.getByRole('figure', { name: /Mensagens por dia.*Recebidas: 128 · Enviadas: 1\.234/ }),
    ).toBeInTheDocument();
    const rows = within(messages).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Dia', 'Recebidas', 'Enviadas']);
    expect(
      within(messages).getByRole('row', { name: /terça-feira, 3 de novembro de 2026/ }),
    ).toHaveTextContent('1001.200');
    const conversations = screen.getByRole('table', { name: /^Conversas por dia/ });
    expect(
      within(conversations).getByRole('row', { name: /segunda-feira, 2 de novembro de 2026/ }),
    ).toHaveTextContent('105');
    // The axis shows short pt-BR days.
    await waitFor(() =>
      expect(container.querySelector('.recharts-xAxis-tick-labels')?.textContent).toContain('ter., 03/11'),
    );
  });

  it('shows performance metrics, the per-agent table and the recent activity', async () => {
    serve({ '7d': weekReport() });
    renderAt();
    const performance = await screen.findByRole('region', { name: 'Métricas de desempenho' });
    const term = (label: string) => within(performance).getByText(label, { selector: 'dt' }).parentElement!;
    expect(term('Tempo médio de primeira resposta')).toHaveTextContent('2 min 30 s');
    expect(term('Tempo médio de resposta')).toHaveTextContent('1 h 5 min');
    expect(term('Conversas resolvidas')).toHaveTextContent('30');
    expect(term('Taxa de resolução')).toHaveTextContent('75%');
    expect(term('Avaliação média')).toHaveTextContent('4,3 / 5');
    expect(term('Avaliação média')).toHaveTextContent('4 avaliações');
    const distribution = within(performance).getByRole('list', { name: 'Distribuição das avaliações' });
    expect(
      within(distribution)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual([
      '5 estrelas: 2 avaliações (50%)',
      '4 estrelas: 1 avaliação (25%)',
      '3 estrelas: 1 avaliação (25%)',
      '2 estrelas: 0 avaliações (0%)',
      '1 estrela: 0 avaliações (0%)',
    ]);

    const agents = screen.getByRole('table', { name: 'Desempenho por agente' });
    const ana = within(agents).getByRole('row', { name: /^Ana Lima/ });
    expect(
      within(ana)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.000', '20', '2 min', '1 min 30 s', '4,7(3 avaliações)']);
    const gone = within(agents).getByRole('row', { name: /^Agente removido/ });
    expect(
      within(gone)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['234', '10', '—', '—', '—']);

    const activity = screen.getByRole('region', { name: 'Atividade recente' });
    const items = within(activity).getAllByRole('listitem');
    const when = (iso: string) =>
      new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
    expect(items.map((li) => li.textContent)).toEqual([
      `Conversa com Maria Souza avaliada com 5 estrelas (atendimento de Ana Lima)${when('2026-11-03T17:05:00.000Z')}`,
      `Conversa com Maria Souza resolvida por Ana Lima${when('2026-11-03T17:00:00.000Z')}`,
      `Nova conversa com um cliente${when('2026-11-03T16:00:00.000Z')}`,
    ]);
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-03T17:05:00.000Z');
  });

  it('an empty period gets friendly empty states instead of broken zeros', async () => {
    serve({ '7d': emptyReport() });
    const { container } = renderAt();
    await screen.findByText('Nenhuma atividade neste período');
    expect(kpi('Mensagens recebidas')).toHaveTextContent('0');
    expect(kpi('Tempo médio de primeira resposta')).toHaveTextContent('—');
    expect(screen.getByText('Nenhuma mensagem no período.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma conversa iniciada ou resolvida no período.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma avaliação no período.')).toBeInTheDocument();
    expect(screen.getByText('Nenhum agente atendeu neste período.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma atividade recente.')).toBeInTheDocument();
    expect(screen.getAllByText('Sem respostas no período')).toHaveLength(2);
    expect(container.querySelector('.recharts-wrapper')).toBeNull();
    expect(container.textContent).not.toMatch(/NaN|undefined|Infinity/);
  });

  it('an Agente opening the address reads that they may not see the reports, without asking the server', async () => {
    const queries = serve({ '7d': weekReport() });
    renderAt('/dashboard/analytics', 'Agente');
    expect(screen.getByRole('alert')).toHaveTextContent('Você não tem permissão para ver os relatórios.');
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Período' })).toBeNull();
    // A request would have been answered 403 (and logged as an error in the browser's console).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries).toEqual([]);
  });

  it('a role lowered since the page opened (403) reads that they may not see the reports', async () => {
    serve({
      '7d': () =>
        HttpResponse.json(
          { success: false, error: 'Você não tem permissão para isso.', code: 'FORBIDDEN' },
          { status: 403 },
        ),
    });
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para ver os relatórios.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Mensagens recebidas' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Período' })).toBeNull();
  });

  it('other failures show the error with a retry that asks again', async () => {
    let fail = true;
    const queries = serve({
      '7d': () =>
        fail
          ? HttpResponse.json({ success: false, error: 'Erro interno', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json({ success: true, ...weekReport() }),
    });
    const user = userEvent.setup();
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro interno');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(kpi('Mensagens recebidas')).toHaveTextContent('128'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queries).toEqual(['?period=7d', '?period=7d']);
  });
});
