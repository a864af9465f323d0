import { css, cx } from 'styled-system/css';
import type { ConflictRow } from '@/lib/edit-conflict';

const cell = css({ textAlign: 'left', px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border', verticalAlign: 'top' });

/**
 * "Theirs vs mine" of a refused save (lib/edit-conflict.ts `conflictRows`): one row per field that
 * differs, with the field's label, their value and mine; a value the user changed is in bold.
 */
export function ConflictTable({ rows }: { rows: readonly ConflictRow[] }) {
  if (!rows.length) return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>As mudanças deles não tocam nos campos que você alterou.</p>;
  return (
    <table aria-label="Mudanças: deles e minhas" className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse' })}>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            Campo
          </th>
          <th scope="col" className={cell}>
            Deles
          </th>
          <th scope="col" className={cell}>
            Minhas
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row" className={cx(cell, css({ fontWeight: 'medium' }))}>
              {row.label}
            </th>
            <td className={cell}>{row.theirs}</td>
            <td className={cx(cell, row.changedByMe ? css({ fontWeight: 'semibold' }) : undefined)}>{row.mine}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
