import './complaints.scss';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cleanPhone } from '../../../common/rules/company';
import { useComplainant, useFileComplaint } from '../../api/complaints';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { ComplaintForm } from './ComplaintForm';
import { ComplaintSent } from './ComplaintSent';

/**
 * /complaints: a form for anyone, member or not. The complaint is stored, mailed to the
 * site's support address and confirmed to the sender; beside it, how it is handled and the other
 * ways to reach customer service.
 */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending: userPending } = useUser();
  const memberId = user?.profile.id ?? null;
  const sender = useComplainant(memberId);
  const file = useFileComplaint();
  // A new key mounts a fresh, empty form for "file another complaint".
  const [round, setRound] = useState(0);
  // The form waits for the member's name and address; if they cannot be had, the server still
  // files the complaint under the account, so the form opens with empty fields instead.
  const ready = !userPending && (memberId === null || !sender.isPending);

  return (
    <section className="container complaints-page">
      <header className="complaints-header">
        <h1>{t('complaints.title')}</h1>
        <p className="lead">{t('complaints.intro')}</p>
      </header>
      <div className="complaints-layout">
        <div className="complaints-card">
          {file.isSuccess ? (
            <ComplaintSent
              reference={file.data.complaint.reference}
              email={file.variables.email}
              onAnother={() => {
                file.reset();
                setRound((r) => r + 1);
              }}
            />
          ) : ready ? (
            <ComplaintForm key={round} sender={sender.data ?? null} file={file} />
          ) : (
            <div className="complaints-loading" aria-busy="true" />
          )}
        </div>
        <ComplaintsAside />
      </div>
    </section>
  );
}

function ComplaintsAside() {
  const { t } = useTranslation();
  const settings = useSettings();
  const ids = useId();
  const phone = cleanPhone(settings.support_phone);
  return (
    <div className="complaints-aside">
      <section aria-labelledby={`${ids}-how`}>
        <h2 id={`${ids}-how`}>{t('complaints.aside.howTitle')}</h2>
        <ol className="complaints-steps">
          <li>{t('complaints.aside.stepConfirm')}</li>
          <li>{t('complaints.aside.stepReview')}</li>
          <li>{t('complaints.aside.stepAnswer')}</li>
        </ol>
      </section>
      <section aria-labelledby={`${ids}-contact`}>
        <h2 id={`${ids}-contact`}>{t('complaints.aside.contactTitle')}</h2>
        <dl className="complaints-contact">
          <dt>{t('complaints.aside.email')}</dt>
          <dd>
            <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
          </dd>
          {phone && (
            <>
              <dt>{t('complaints.aside.phone')}</dt>
              <dd>
                <a href={`tel:${phone}`}>{settings.support_phone}</a>
              </dd>
            </>
          )}
        </dl>
        <p className="complaints-faq">
          {t('complaints.aside.faq')} <Link to="/pages/faq">{t('complaints.aside.faqLink')}</Link>.
        </p>
      </section>
    </div>
  );
}
