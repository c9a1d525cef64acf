import type { ReactNode } from 'react';

/** What a list or screen shows when there is nothing in it: a short title, a line, maybe an action. */
export function EmptyState(props: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="admin-empty">
      <p className="admin-empty__title">{props.title}</p>
      {props.children && <div className="admin-empty__text">{props.children}</div>}
      {props.action && <div className="admin-empty__action">{props.action}</div>}
    </div>
  );
}
