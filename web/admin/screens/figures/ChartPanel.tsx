import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export type DataTable = {
  columns: string[];
  /** Cells as shown; the first column is the row's header (a day, a source). */
  rows: ReactNode[][];
};

/**
 * One chart of the figures screen in a panel: its title and the range's total above it, and the
 * numbers behind it as a table that opens under the chart (for screen readers, for copying, and
 * for whoever prefers numbers to bars).
 */
export function ChartPanel(props: {
  title: string;
  total?: ReactNode;
  note?: ReactNode;
  children: ReactNode;
  table?: DataTable;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <section className={`admin-panel figures-chart ${props.className ?? ''}`} aria-labelledby={`${id}-title`}>
      <header className="figures-chart__header">
        <h2 id={`${id}-title`}>{props.title}</h2>
        {props.total !== undefined && <p className="figures-chart__total">{props.total}</p>}
      </header>
      {props.children}
      {props.note && <p className="figures-chart__note">{props.note}</p>}
      {props.table && (
        <details className="figures-chart__data">
          <summary>{t('figures.dataTable')}</summary>
          <div className="figures-chart__table">
            <table className="table table-sm">
              <caption className="visually-hidden">{props.title}</caption>
              <thead>
                <tr>
                  {props.table.columns.map((c, i) => (
                    <th key={c} scope="col" className={i > 0 ? 'text-end' : undefined}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.table.rows.map((row, r) => (
                  // Rows are days or sources, in a fixed order for one answer.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the row's position is its identity here
                  <tr key={r}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed column order
                        <th key={i} scope="row">
                          {cell}
                        </th>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed column order
                        <td key={i} className="text-end tabular">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
