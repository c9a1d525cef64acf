import { useTranslation } from 'react-i18next';

/** The one live region of a settings card: "Saved." after a change, the error after a failure. */
export function SaveStatus({
  mutation,
  saved,
}: {
  mutation: { isSuccess: boolean; isError: boolean; error: Error | null };
  saved?: string;
}) {
  const { t } = useTranslation();
  return (
    <p className={`settings-status ${mutation.isError ? 'is-error' : 'is-ok'}`} role="status">
      {mutation.isError ? mutation.error?.message : mutation.isSuccess ? (saved ?? t('settings.saved')) : ''}
    </p>
  );
}
