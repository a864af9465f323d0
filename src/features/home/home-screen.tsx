import { css } from 'styled-system/css';

/** Home `/` (spec 000 §2.1): only a heading. */
export function HomeScreen() {
  return <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Dashboard</h1>;
}
