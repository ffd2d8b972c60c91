import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Provider } from 'react-redux';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { apiMiddleware, rootReducer } from '../../app/store';
import { makeMe } from '../../test/fixtures';
import { authActions, authReducer } from '../auth/authSlice';
import { userRefreshSaga } from '../auth/session-saga';
import TwoFactorEnrolment from './TwoFactorEnrolment';
import {
  APP_CODE,
  ENABLED,
  QR_CODE,
  RECOVERY_CODES,
  SECRET,
  TOTP_INVALID,
  serveTwoFactor,
} from './test/two-factor-server';

const server = setupServer(
  http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
const tasks: Task[] = [];
afterEach(() => {
  for (const task of tasks.splice(0)) task.cancel();
  server.resetHandlers();
});
afterAll(() => server.close());

const agent = makeMe({ role: 'Agente', twoFactor: { enabled: false, required: false } });

/** The enrolment alone, with the app's reducers and the user's refresh saga. */
function renderEnrolment(props: Parameters<typeof TwoFactorEnrolment>[0] = {}) {
  const saga = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: authReducer(undefined, authActions.sessionChecked(agent)) },
    middleware: (getDefault) => getDefault().concat(apiMiddleware, saga),
  });
  tasks.push(saga.run(userRefreshSaga));
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <TwoFactorEnrolment {...props} />
    </Provider>,
  );
  return { store, user };
}

describe('TwoFactorEnrolment', () => {
  it('shows the QR code and the key to type, then turns it on with the first code and shows the recovery codes', async () => {
    const api = serveTwoFactor(server, agent);
    const onEnabled = jest.fn();
    const onDone = jest.fn();
    const { store, user } = renderEnrolment({ onEnabled, onDone });

    expect(screen.getByRole('status')).toHaveTextContent('Gerando o QR code...');
    const qr = await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' });
    expect(qr).toHaveAttribute('src', QR_CODE);
    expect(screen.getByText(/ou digite a chave:/)).toHaveTextContent(`ou digite a chave: ${SECRET}`);
    const code = screen.getByLabelText('Código do aplicativo');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '12 34 56');
    expect(code).toHaveValue(APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Ativar' }));

    const list = await screen.findByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(
      screen.getByText(
        'Guarde estes códigos: cada um entra uma vez se você perder o celular. Eles não serão mostrados de novo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(ENABLED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Códigos de recuperação' })).toHaveFocus();
    expect(onEnabled).toHaveBeenCalledWith(ENABLED);
    expect(api.bodies).toEqual([{ path: 'enable', body: { code: APP_CODE } }]);

    // Copy-all puts the ten codes on the clipboard, one a line.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copiar códigos' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Códigos copiados');
    expect(writeText).toHaveBeenCalledWith(RECOVERY_CODES.join('\n'));

    // Concluir asks for the user again: twoFactor.enabled is now true.
    expect(store.getState().auth.user?.twoFactor).toEqual({ enabled: false, required: false });
    await user.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(store.getState().auth.user?.twoFactor).toEqual({ enabled: true, required: false }),
    );
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it("shows the server's text for a wrong code and takes another one", async () => {
    const api = serveTwoFactor(server, agent);
    const { user } = renderEnrolment();
    const code = await screen.findByLabelText('Código do aplicativo');

    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Digite os 6 dígitos do código');
    expect(api.bodies).toEqual([]);

    await user.type(code, '000');
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_INVALID);
    expect(screen.getByRole('button', { name: 'Ativar' })).toBeEnabled();
    expect(screen.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByRole('list', { name: 'Códigos de recuperação' })).toBeInTheDocument();
    expect(api.bodies.map(({ body }) => body)).toEqual([{ code: '123000' }, { code: APP_CODE }]);
  });

  it("shows 'Ativando...' (disabled) while the server answers", async () => {
    serveTwoFactor(server, agent);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/auth/2fa/enable', async () => {
        await answered;
        return HttpResponse.json({ success: true, recoveryCodes: RECOVERY_CODES, message: ENABLED });
      }),
    );
    const { user } = renderEnrolment();
    await user.type(await screen.findByLabelText('Código do aplicativo'), APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByRole('button', { name: 'Ativando...' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('list', { name: 'Códigos de recuperação' })).toBeInTheDocument();
  });

  it('says why the setup failed and tries again', async () => {
    const api = serveTwoFactor(server, agent);
    let failures = 1;
    server.use(
      http.post('/api/auth/2fa/setup', () => {
        if (failures-- > 0) return HttpResponse.error();
        return undefined;
      }),
    );
    const { user } = renderEnrolment();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro de conexão');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('img', { name: 'QR code para o aplicativo autenticador' }),
    ).toBeInTheDocument();
    expect(api.state.setups).toBe(1);
  });

  it('asks for the user again when it was turned on elsewhere meanwhile', async () => {
    const api = serveTwoFactor(server, agent, { enabled: true });
    const { store } = renderEnrolment();
    expect(await screen.findByRole('alert')).toHaveTextContent('A verificação em duas etapas já está ativa');
    await waitFor(() => expect(store.getState().auth.user?.twoFactor?.enabled).toBe(true));
    expect(api.state.meCalls).toBe(1);
  });
});
