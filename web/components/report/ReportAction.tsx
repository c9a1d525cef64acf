import './report-action.scss';
import { lazy, Suspense } from 'react';
import type { ReportSubject } from '../../../common/api/reports';
import { lazyImport } from '../../state/chunk-reload';
import type { ReportTarget } from './ReportDialog';

const ReportDialog = lazy(lazyImport(() => import('./ReportDialog')));

export type ReportRequestState = { subject: ReportSubject; photoId?: number };

/** A flag: the report action's icon, wherever it shows. */
export function FlagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="report-flag">
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" />
    </svg>
  );
}

/** The quiet "Report" link of a profile or a photo viewer. */
export function ReportLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-link report-link" onClick={onClick}>
      <FlagIcon />
      {label}
    </button>
  );
}

/**
 * The report dialog, loaded only when a member opens it (its form and texts are a chunk of their
 * own). Mounted while `request` is set, so each opening starts with an empty form.
 */
export function LazyReportDialog({
  target,
  request,
  onClose,
}: {
  target: ReportTarget;
  request: ReportRequestState | null;
  onClose: () => void;
}) {
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog
        open
        target={target}
        subject={request.subject}
        photoId={request.photoId}
        onClose={onClose}
      />
    </Suspense>
  );
}
