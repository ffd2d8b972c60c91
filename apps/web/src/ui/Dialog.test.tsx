import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, type DialogProps } from './Dialog';

function Harness(props: Partial<DialogProps> & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  const { onClosed, ...rest } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <button type="button">Fora</button>
      <Dialog
        title="Detalhes"
        description="Uma descrição"
        {...rest}
        open={open}
        onClose={() => {
          setOpen(false);
          onClosed?.();
        }}
        footer={
          <>
            <button type="button" disabled>
              Indisponível
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancelar
            </button>
          </>
        }
      >
        <p>Conteúdo</p>
        <a href="#x">Um link</a>
      </Dialog>
    </>
  );
}

async function openDialog(props: Partial<DialogProps> & { onClosed?: () => void } = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Abrir' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Detalhes' }) };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a labelled modal dialog in a portal, with focus moved inside', async () => {
    const { container } = render(<Harness />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Detalhes' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Uma descrição');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
    // The first focusable element: the X button.
    expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus();
  });

  it('closes on Escape and returns the focus to the opener', async () => {
    const onClosed = jest.fn();
    const { user, opener } = await openDialog({ onClosed });
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns the focus to the opener when closed by a footer button', async () => {
    const { user, opener } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('traps the focus: Tab and Shift+Tab cycle inside the dialog, skipping disabled buttons', async () => {
    const { user } = await openDialog();
    const close = screen.getByRole('button', { name: 'Fechar' });
    const link = screen.getByRole('link', { name: 'Um link' });
    const cancel = screen.getByRole('button', { name: 'Cancelar' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(link).toHaveFocus();
  });

  it('brings back a focus that escapes the dialog', async () => {
    await openDialog();
    screen.getByRole('button', { name: 'Fora', hidden: true }).focus();
    expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus();
  });

  it('closes on a click on the backdrop but not on a click inside', async () => {
    const { user, opener, dialog } = await openDialog();
    await user.click(screen.getByText('Conteúdo'));
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the dialog open on a backdrop click when closeOnBackdropClick is false', async () => {
    const { user } = await openDialog({ closeOnBackdropClick: false });
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Detalhes' })).toBeInTheDocument();
  });

  it('can hide the X button and focus a chosen element first', async () => {
    function WithInitialFocus() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title="Sem X"
          hideCloseButton
          footer={
            <button type="button" onClick={() => setOpen(false)}>
              Fechar
            </button>
          }
        >
          <a href="#a">Primeiro</a>
        </Dialog>
      );
    }
    render(<WithInitialFocus />);
    expect(screen.getAllByRole('button', { name: 'Fechar' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Primeiro' })).toHaveFocus();
  });

  it('locks the body scroll while open and restores it on close', async () => {
    document.body.style.overflow = 'auto';
    const { user } = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('only closes the innermost of nested dialogs on Escape', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog open={outer} onClose={() => setOuter(false)} title="Externo">
          <button type="button" onClick={() => setInner(true)}>
            Abrir interno
          </button>
          <Dialog open={inner} onClose={() => setInner(false)} title="Interno">
            <p>Dentro</p>
          </Dialog>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<Nested />);
    const openInner = screen.getByRole('button', { name: 'Abrir interno' });
    await user.click(openInner);
    expect(screen.getByRole('dialog', { name: 'Interno' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Interno' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Externo' })).toBeInTheDocument();
    expect(openInner).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
