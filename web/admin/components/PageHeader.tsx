import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab's title of a console page: "<page> – <console>". */
export function useConsoleTitle(title: string | null | undefined) {
  const { t } = useTranslation('admin');
  const consoleName = t('shell.title');
  useEffect(() => {
    if (title) document.title = `${title} – ${consoleName}`;
  }, [title, consoleName]);
}

/**
 * The top of every console screen: its one h1, an optional line under it, and the screen's actions
 * on the right (on the next line on narrow screens). It also names the browser tab after the page,
 * so a screen's own sub-page (a report, a member) gets its own title.
 */
export function PageHeader(props: {
  title: ReactNode;
  documentTitle?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  useConsoleTitle(props.documentTitle ?? (typeof props.title === 'string' ? props.title : null));
  return (
    <header className="admin-page-header">
      <div className="admin-page-header__text">
        <h1>{props.title}</h1>
        {props.subtitle && <p className="admin-page-header__subtitle">{props.subtitle}</p>}
      </div>
      {props.actions && <div className="admin-page-header__actions">{props.actions}</div>}
    </header>
  );
}
