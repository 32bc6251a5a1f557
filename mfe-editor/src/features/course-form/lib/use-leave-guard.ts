import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export interface LeaveGuard {
  /** An in-app navigation is held back until the user answers. */
  asking: boolean;
  stay: () => void;
  leave: () => void;
  /** Lets the page's own navigation (after a save) through without asking. */
  leaveOnPurpose: () => void;
}

/**
 * Holds the user back when they would leave with unsaved changes (spec §2): every in-app way out (links, Back and
 * Forward, code, the shell's Log out, which navigates before it signs out) through the router's blocker, answered in
 * the page's own dialog; closing or reloading the tab through beforeunload, whose dialog only the browser draws.
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const onPurpose = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      !onPurpose.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

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

  const leaveOnPurpose = useCallback(() => {
    onPurpose.current = true;
  }, []);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    leaveOnPurpose,
  };
}
