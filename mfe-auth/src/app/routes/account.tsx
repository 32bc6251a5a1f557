import { NarrowPage, Panel } from '@portal/web-kit/panel';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { PersonalDataSection } from '../../features/account/components/personal-data-section.tsx';
import { DeleteAccountForm } from '../../features/account/components/delete-account-form.tsx';
import { ProfileSection } from '../../features/account/components/profile-section.tsx';
import { useAccountTranslation } from '../../lib/account-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '@portal/web-kit/signed-in';

/** Exposed as ./AccountPage, behind the shell's guard: the signed-in user's own data, password and account;
 * an account that signs in through the company provider only has no password here. */
export default function AccountPage({ session }: PageProps) {
  const { t } = useAccountTranslation();
  return (
    <SignedIn session={session} checking={t('login.checking')}>
      {(user) => (
        <NarrowPage title={t('account.title')}>
          <ProfileSection user={user} session={session} />
          {user.hasPassword === false ? (
            <Panel title={t('account.password.providerTitle')} intro={t('account.password.providerOnly')} />
          ) : (
            <ChangePasswordForm user={user} />
          )}
          <PersonalDataSection />
          <DeleteAccountForm user={user} session={session} />
        </NarrowPage>
      )}
    </SignedIn>
  );
}
