import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INFO_TABS } from '../landing-content';
import { InfoTabs } from './InfoTabs';

describe('InfoTabs', () => {
  it('selects the benefits tab by default and links tabs to their panels', () => {
    render(<InfoTabs />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Benefícios', 'Como Funciona', 'Segurança']);
    const benefits = screen.getByRole('tab', { name: 'Benefícios' });
    expect(benefits).toHaveAttribute('aria-selected', 'true');
    expect(benefits).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Segurança' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Benefícios');
    expect(benefits).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent(INFO_TABS[0]!.heading);
  });

  it('switches tab on click', async () => {
    const user = userEvent.setup();
    render(<InfoTabs />);
    await user.click(screen.getByRole('tab', { name: 'Segurança' }));
    expect(screen.getByRole('tab', { name: 'Segurança' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Benefícios' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Segurança' })).toHaveTextContent('LGPD');
  });

  it('moves with the arrow keys (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<InfoTabs />);
    await user.click(screen.getByRole('tab', { name: 'Benefícios' }));
    await user.keyboard('{ArrowRight}');
    const how = screen.getByRole('tab', { name: 'Como Funciona' });
    expect(how).toHaveFocus();
    expect(how).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Como Funciona' })).toBeVisible();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Benefícios' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Segurança' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Benefícios' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Segurança' })).toHaveAttribute('aria-selected', 'true');
  });
});
