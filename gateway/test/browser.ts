/** A browser for the whole round trip: cookies per origin, redirects followed by hand until `stopAt` says stop. */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** Follows redirects from `url`; answers the last address reached (not fetched when `stopAt` holds for it). */
  async go(url: string, init: RequestInit = {}, stopAt: (next: URL) => boolean = () => false) {
    let current = new URL(url);
    let request = init;
    for (let hops = 0; hops < 20; hops += 1) {
      const jar = this.jars.get(current.origin) ?? new Map<string, string>();
      this.jars.set(current.origin, jar);
      const headers = new Headers(request.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await fetch(current, { ...request, headers, redirect: 'manual' });
      for (const cookie of response.headers.getSetCookie()) {
        const [name = '', ...value] = (cookie.split(';')[0] ?? '').split('=');
        if (/expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
        else jar.set(name, value.join('='));
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current);
      request = {};
      if (stopAt(current)) return { url: current, response };
    }
    throw new Error('too many redirects');
  }

  /** Posts the test provider's login form at `form` as `login`, then follows redirects as `go` does. */
  submitProviderLogin(form: URL, login: string, stopAt?: (next: URL) => boolean) {
    const body = new URLSearchParams({ login }).toString();
    return this.go(
      form.href,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
      stopAt,
    );
  }

  async json(url: string) {
    const { response } = await this.go(url);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> | null };
  }
}
