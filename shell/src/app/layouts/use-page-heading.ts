import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** "Edit course – Course Portal"; the portal's name alone while a page has no heading yet. */
function pageTitle(heading: string | null | undefined, appTitle: string): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text ? `${text} – ${appTitle}` : appTitle;
}

/**
 * Every page, whichever slice drew it, names itself with its one <h1>: the document title follows that heading
 * (in the current language, the course's own title on its page), and after an in-app navigation the focus moves
 * to it, so that keyboard and screen-reader users start reading the new page instead of the top of the body.
 * Remote pages and their data arrive later than the route change, so the main region is watched until then.
 */
export function usePageHeading(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const appTitle = t('app.title');
  const navigated = useRef(false);
  const lastPathname = useRef(pathname);
  const focusedAtNavigation = useRef<Element | null>(null);

  useEffect(() => {
    const container = main.current;
    if (!container) return;
    if (lastPathname.current !== pathname) {
      lastPathname.current = pathname;
      navigated.current = true;
      focusedAtNavigation.current = document.activeElement;
    }
    const update = () => {
      const heading = container.querySelector('h1');
      document.title = pageTitle(heading?.textContent, appTitle);
      if (!heading || !navigated.current) return;
      navigated.current = false;
      // Someone who moved the focus while the page was on its way (a field that focused itself, a click, the user
      // menu opened) keeps their place.
      const active = document.activeElement;
      if (active && active !== focusedAtNavigation.current && active !== document.body && active !== container) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [main, pathname, appTitle]);
}
