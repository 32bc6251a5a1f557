import { type User, userSchema } from '@portal/contracts/auth';

/** What one tab tells the portal's other open tabs, so that they all agree on who is signed in. */
export type SessionNews = { type: 'signed-in'; user: User } | { type: 'signed-out' } | { type: 'active' };

const CHANNEL_NAME = 'portal.session';

function parse(data: unknown): SessionNews | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type === 'signed-out' || data.type === 'active') return { type: data.type };
  if (data.type !== 'signed-in' || !('user' in data)) return null;
  const user = userSchema.safeParse(data.user);
  return user.success ? { type: 'signed-in', user: user.data } : null;
}

/** The other tabs' news (BroadcastChannel: same origin only; a tab never hears its own). */
export function openSessionChannel(onNews: (news: SessionNews) => void) {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    const news = parse(event.data);
    if (news) onNews(news);
  };
  return {
    tell: (news: SessionNews) => channel.postMessage(news),
    close: () => channel.close(),
  };
}
