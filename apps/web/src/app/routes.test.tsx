import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from './routes';
import { createAppStore } from './store';

// Issue 31: every page load warned "No `HydrateFallback` element provided" while the first
// screen's lazy chunk loaded, and showed nothing meanwhile.
describe('the first page load', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the loader while the first screen loads, without the router warning', async () => {
    const warn = jest.spyOn(console, 'warn');
    // No sagas: the landing page needs no answer from the server to render.
    const store = createAppStore({ runSagas: false, navigate: jest.fn() });
    render(
      <Provider store={store}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </Provider>,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(await screen.findByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
    const messages = warn.mock.calls.map((args) => String(args[0]));
    expect(messages.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });
});
