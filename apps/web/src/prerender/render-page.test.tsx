import { renderDashboardFrame } from './render-page';
import { STARTUP_FRAME_ATTRIBUTE } from '../ui/startup-frame';

describe('the dashboard frame rendered at build', () => {
  it('is the real layout and greeting before the session is known: no user, no data', () => {
    const html = renderDashboardFrame();
    const root = document.createElement('div');
    root.innerHTML = html;
    const frame = root.firstElementChild!;
    expect(frame.hasAttribute(STARTUP_FRAME_ATTRIBUTE)).toBe(true);
    expect(frame.querySelector('h1')?.textContent).toBe('Olá!');
    expect(frame.textContent).toContain('Acompanhe suas conversas, emails e anotações.');
    expect(frame.querySelector('nav[aria-label="Menu principal"]')).not.toBeNull();
    expect(frame.querySelector('main#conteudo-principal')).not.toBeNull();
    // Nobody's name or numbers (the same HTML goes to every member); the list is on its way.
    expect(frame.textContent).not.toMatch(/Demo|Proprietári/);
    expect(frame.textContent).toContain('Sincronizando...');
  });
});
