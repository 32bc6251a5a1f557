import { useCallback, useEffect, useRef } from 'react';
import { holdNavigation, useHeldNavigation } from 'react-router-dom';

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
 * Forward, code, the shell's Log out, which navigates before it signs out) through the portal's navigation guard
 * (web-kit/src/navigation-guard.tsx, part of the shared router), answered in the page's own dialog; closing or
 * reloading the tab through beforeunload, whose dialog only the browser draws.
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const onPurpose = useRef(false);
  const release = useRef<(() => void) | null>(null);
  const { asking, stay, leave } = useHeldNavigation();

  useEffect(() => {
    if (!active || onPurpose.current) return;
    const releaseHold = holdNavigation();
    release.current = releaseHold;
    return () => {
      releaseHold();
      release.current = null;
    };
  }, [active]);

  const leaveOnPurpose = useCallback(() => {
    onPurpose.current = true;
    release.current?.();
  }, []);

  return { asking, stay, leave, leaveOnPurpose };
}
