import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppErrorBoundary } from './AppErrorBoundary';

function Boom(): never {
  throw new Error('falha de teste');
}

describe('AppErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>tudo certo</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('tudo certo')).toBeInTheDocument();
    expect(screen.queryByText('Algo deu errado')).not.toBeInTheDocument();
  });

  it('shows the spec texts, a reload button and the collapsible detail on a rendering error', async () => {
    const reload = jest.fn();
    render(
      <AppErrorBoundary onReload={reload}>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByText('A aplicação encontrou um erro inesperado.')).toBeInTheDocument();
    const details = screen.getByText('Detalhes do erro').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('Detalhes do erro'));
    expect(details).toHaveAttribute('open');
    expect(details).toHaveTextContent('falha de teste');
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar Página' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
