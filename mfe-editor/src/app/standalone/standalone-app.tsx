import type { User } from '@portal/contracts/auth';
import { SignedInStandaloneApp } from '@portal/web-kit/standalone/signed-in-app';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { EDITOR_NAMESPACE } from '../../lib/i18n.ts';
import CourseFormPage from '../routes/course-form.tsx';

/** The slice on its own (`npm run dev -w mfe-editor`): its page under the same routes as in the portal. */
export function StandaloneApp({ loginStatus }: { loginStatus: Promise<User | null> }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <SignedInStandaloneApp
      loginStatus={loginStatus}
      namespace={EDITOR_NAMESPACE}
      links={() => <Link to={pages.createCourse.getHref()}>{t('standalone.create')}</Link>}
      routes={(session) => (
        <>
          <Route path={pages.createCourse.path} element={<CourseFormPage session={session} />} />
          <Route path={pages.editCourse.path} element={<CourseFormPage session={session} />} />
          <Route path={pages.dashboard.path} element={<p role="status">{t('standalone.elsewhere')}</p>} />
          <Route path="*" element={<Navigate to={pages.createCourse.getHref()} replace />} />
        </>
      )}
    />
  );
}
