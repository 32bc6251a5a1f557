import { describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { startTestPortal } from './harness.ts';

const [embedded] = testBackends();
const listening = () => process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;

describe('the test portal', () => {
  it('when one service cannot start, then the start fails naming it and its cause, and nothing stays listening', async () => {
    const before = listening();
    const started = startTestPortal(embedded!, { courses: { PORT: 'not-a-port' } });
    await expect(started).rejects.toThrow(
      /^the test portal did not start: the courses service: Invalid configuration:\s+- PORT:/,
    );
    expect(listening()).toBe(before);
  });

  it('when a portal is stopped twice, then the second stop does nothing and nothing stays listening', async () => {
    const before = listening();
    const portal = await startTestPortal(embedded!, { withCourses: false });
    expect(listening()).toBe(before + 2);
    await portal.stop();
    await portal.stop();
    expect(listening()).toBe(before);
  });
});
