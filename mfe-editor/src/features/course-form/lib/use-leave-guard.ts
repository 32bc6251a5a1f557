import { useEffect, useRef } from 'react';

/**
 * Asks before the user leaves with unsaved changes (spec §2). The shell renders a <BrowserRouter>, not a
 * data router, so react-router's useBlocker is not available: in-app links are guarded here instead, by a
 * click listener that runs before the router's own (capture phase on the document), and closing or reloading
 * the tab by beforeunload. Programmatic navigation of the page itself (after a save) is not asked about.
 */
export function useLeaveGuard(
  active: boolean,
  message: string,
  confirm: (message: string) => boolean = window.confirm,
) {
  const latest = useRef({ active, message, confirm });
  useEffect(() => {
    latest.current = { active, message, confirm };
  });

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const { active: guarding, message: text, confirm: ask } = latest.current;
      if (!guarding || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const anchor = target?.closest('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.closest('[contenteditable="true"]')) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      if (!ask.call(window, text)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.active) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}
