import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { RouteErrorPage } from './RouteErrorPage';

function Broken(): never {
  throw new Error('loader quebrou');
}

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '/',
            errorElement: <RouteErrorPage />,
            children: [{ path: 'quebrada', Component: Broken }],
          },
        ],
        { initialEntries: [path] },
      )}
    />,
  );

describe('RouteErrorPage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the title and the status text of an unknown route', async () => {
    renderAt('/nao-existe');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it("shows a thrown error's message", async () => {
    renderAt('/quebrada');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('loader quebrou')).toBeInTheDocument();
  });
});
