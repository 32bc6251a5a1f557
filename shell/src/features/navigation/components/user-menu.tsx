import type { User } from '@portal/contracts/auth';
import { LanguageSwitcher } from '@portal/web-kit/language-switcher';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { type FocusEvent, type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { pages } from '@portal/contracts/pages';
import { LOGOUT_REQUEST } from '../../../lib/logout.ts';
import { useSession } from '../../../lib/session.tsx';
import { useCloseOnOutsideClick } from '../lib/use-close-on-outside-click.ts';
import styles from './user-menu.module.css';

type OpenedBy = 'hover' | 'focus' | 'click';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * The user's name with a dropdown of the Account link, language buttons and Log out. Hover opens it; so do keyboard
 * focus, a click, Enter, Space and ArrowDown; Escape, a click outside, focus leaving and a choice close it. The
 * button is named by the name it shows and "User menu" (on a phone only the initials show: the name is still read).
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { changeLanguage } = useSession();
  const navigate = useNavigate();
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /** Set while Escape hands the focus back to the button, which must not reopen the menu. */
  const closingRef = useRef(false);
  const panelId = useId();
  const open = openedBy !== null;

  useCloseOnOutsideClick(
    rootRef,
    openedBy === 'click',
    useCallback(() => setOpenedBy(null), []),
  );

  const close = () => {
    setOpenedBy(null);
    closingRef.current = true;
    buttonRef.current?.focus();
    closingRef.current = false;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' && event.target === buttonRef.current) {
      event.preventDefault();
      setOpenedBy('click');
      requestAnimationFrame(() => panelRef.current?.querySelector('button')?.focus());
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpenedBy(null);
  };

  const logOut = () => {
    setOpenedBy(null);
    void navigate(pages.logout.getHref(), { state: LOGOUT_REQUEST });
  };

  return (
    <div
      ref={rootRef}
      className={styles.menu}
      onMouseEnter={() => setOpenedBy((current) => current ?? 'hover')}
      onMouseLeave={() => setOpenedBy((current) => (current === 'hover' ? null : current))}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onFocus={(event) => {
          if (!closingRef.current && event.currentTarget.matches(':focus-visible')) {
            setOpenedBy((current) => current ?? 'focus');
          }
        }}
        onClick={() => setOpenedBy((current) => (current === 'click' ? null : 'click'))}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className={styles.name}>{user.name}</span>
        <span className={hidden.visuallyHidden}> – {t('nav.userMenu')}</span>
        <svg className={styles.chevron} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div ref={panelRef} id={panelId} className={styles.panel} hidden={!open}>
        <p className={styles.signedInAs}>
          {t('nav.signedInAs')}
          <strong className={styles.user}>{user.name}</strong>
          <span className={styles.user}>{user.email}</span>
        </p>
        <Link to={pages.account.getHref()} className={styles.account} onClick={() => setOpenedBy(null)}>
          {t('nav.account')}
        </Link>
        <p className={styles.sectionLabel}>{t('language.label')}</p>
        <LanguageSwitcher
          label={t('language.label')}
          onChange={(language) => {
            close();
            void changeLanguage(language);
          }}
        />
        <button type="button" className={styles.logout} onClick={logOut}>
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}
