import type { Child } from 'hono/jsx';

export interface Column {
  readonly label: string;
  /** Right-aligned, tabular figures. */
  readonly num?: boolean;
}

/**
 * A table that scrolls sideways on a narrow screen instead of widening the page; with `stack`, its
 * rows become cards there instead (each cell shows its `data-label`).
 */
export function Table({
  columns,
  id,
  stack,
  children,
}: {
  columns: readonly Column[];
  id?: string;
  stack?: boolean;
  children?: Child;
}) {
  return (
    <div class={stack ? 'table-wrap stack' : 'table-wrap'}>
      <table {...(id ? { id } : {})}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" {...(c.num ? { class: 'num' } : {})}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
