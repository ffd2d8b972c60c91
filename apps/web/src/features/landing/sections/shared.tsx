import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { COMING_SOON, SIGN_UP } from '../../../content/plans';
import { selectSignupOpen } from '../../auth/selectors';

/**
 * The sign-up / trial button: a 'Criar conta' link to /signup when the server opens sign-up,
 * otherwise the disabled 'Disponível em Breve' button (spec §1).
 */
export function SignupButton({ className = '' }: { className?: string }) {
  const open = useAppSelector(selectSignupOpen);
  if (open) {
    return (
      <Link to="/signup" className={`btn-primary ${className}`}>
        {SIGN_UP}
      </Link>
    );
  }
  return (
    <button type="button" disabled className={`btn-primary ${className}`}>
      {COMING_SOON}
    </button>
  );
}

/** Eyebrow, title and subtitle at the top of a section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold tracking-wider text-blue-600 uppercase dark:text-blue-400">
        {eyebrow}
      </p>
      <h2
        id={id}
        className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {children ? (
        <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{children}</p>
      ) : null}
    </div>
  );
}
