import type { Child } from 'hono/jsx';

export interface Column {
  readonly label: string;
  /** Right-aligned, tabular figures. */
  readonly num?: boolean;
}

/** A table that scrolls sideways on a narrow screen instead of widening the page. */
export function Table({ columns, id, children }: { columns: readonly Column[]; id?: string; children?: Child }) {
  return (
    <div class="table-wrap">
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
