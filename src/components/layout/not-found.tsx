import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';

/** The not-found page (spec 000 §2.1): 'Oops! Page not found' with a link home. */
export function NotFound() {
  return (
    <main
      className={css({
        minH: '100dvh',
        display: 'flex',
        flexDir: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '4',
        p: '6',
        textAlign: 'center',
      })}
    >
      <p className={css({ fontSize: '5xl', fontWeight: 'bold', color: 'primary.500' })}>404</p>
      <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Oops! Page not found</h1>
      <Link to="/" className={css({ color: 'primary.500', textDecoration: 'underline' })}>
        Voltar para o início
      </Link>
    </main>
  );
}
