import './signup.scss';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSettings } from '../../api/site';
import { MEMBER_HOME } from '../../member-home';
import { SignupForm, useMemberAtStart } from './SignupForm';

/** /signup on a phone: the signup form as a page (tablets and desktops get the modal). */
export default function Screen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const memberAtStart = useMemberAtStart();
  if (memberAtStart === null) return <section className="container signup-page" aria-busy="true" />;
  if (memberAtStart) return <Navigate to={MEMBER_HOME} replace />;
  return (
    <section className="container signup-page">
      <h1>{t('signup.title')}</h1>
      <p className="lead">{t('signup.intro', { site: settings.name })}</p>
      <SignupForm />
    </section>
  );
}
