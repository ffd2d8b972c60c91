import { render, screen } from '@testing-library/react';
import { FullScreenLoader } from './FullScreenLoader';
import { dropStartupFrame, keepStartupFrame, STARTUP_FRAME_ATTRIBUTE } from './startup-frame';

function rootHolding(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('the startup frame (the pre-rendered dashboard shown again while the app starts)', () => {
  afterEach(dropStartupFrame);

  it('is what the loading screen shows until the first screen is on, then a spinner again', () => {
    keepStartupFrame(rootHolding(`<div ${STARTUP_FRAME_ATTRIBUTE}=""><h1>Olá!</h1></div>`));
    const first = render(<FullScreenLoader />);
    expect(screen.getByRole('heading', { name: 'Olá!', hidden: true })).toBeInTheDocument();
    // Still announced as loading, and the copy takes no focus or clicks.
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(first.container.querySelector('[inert]')).not.toBeNull();
    first.unmount();

    dropStartupFrame();
    render(<FullScreenLoader />);
    expect(screen.queryByText('Olá!')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
  });

  it('is not taken from a page whose root holds something else (the spinner of the other pages)', () => {
    keepStartupFrame(rootHolding('<div role="status"><span>Carregando...</span></div>'));
    render(<FullScreenLoader label="Saindo..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Saindo...');
    expect(document.querySelector(`[${STARTUP_FRAME_ATTRIBUTE}]`)).toBeNull();
  });
});
