import type { TFunction } from 'i18next';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';

/** The error page: the message (default "Error"); for 404 the not-found text and a way home. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation();
  const notFound = status === 404;
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{notFound ? t('error.pageNotFound') : message || t('error.default')}</h1>
      {notFound ? (
        <Link to="/" className="btn btn-primary">
          {t('error.backHome')}
        </Link>
      ) : (
        <a href="/" className="btn btn-primary">
          {t('error.backHome')}
        </a>
      )}
    </section>
  );
}

/** If the error page itself fails, the last resort, without any app machinery. */
class ErrorPageBoundary extends Component<{ children: ReactNode; t: TFunction }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const t = (key: string, fallback: string) => {
      try {
        return this.props.t(key, { defaultValue: fallback }) || fallback;
      } catch {
        return fallback;
      }
    };
    return (
      <section className="error-page container">
        <h1>{t('error.errorPageFailed', 'An error occurred while showing the error page')}</h1>
        <a href="/">{t('error.goBackHome', 'Go back to home')}</a>
      </section>
    );
  }
}

export function SafeErrorPage(props: { status: number; message?: string }) {
  const { t } = useTranslation();
  return (
    <ErrorPageBoundary t={t}>
      <ErrorPage {...props} />
    </ErrorPageBoundary>
  );
}

export function NotFound() {
  return <SafeErrorPage status={404} />;
}

/** What a screen threw, as the error page: errors without a status are 500. */
export function RouteError({ error }: { error: unknown }) {
  if (error instanceof ApiError) return <SafeErrorPage status={error.status} message={error.body?.message} />;
  return <SafeErrorPage status={500} />;
}
