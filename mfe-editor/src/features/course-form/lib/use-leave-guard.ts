import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before the user leaves with unsaved changes (spec §2): every in-app navigation (links, Back and
 * Forward, code) through the router's blocker, and closing or reloading the tab through beforeunload.
 * `leaveOnPurpose` lets the page's own navigation (after a save) through without asking.
 */
export function useLeaveGuard(
  active: boolean,
  message: string,
  confirm: (message: string) => boolean = window.confirm,
) {
  const onPurpose = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      !onPurpose.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirm.call(window, message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, confirm, message]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return useCallback(() => {
    onPurpose.current = true;
  }, []);
}
