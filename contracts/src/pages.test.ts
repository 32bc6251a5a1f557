import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { type Page, pageAt, pages } from './pages.ts';

const exportsOf = (remote: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(new URL(`../../mfe-${remote}/package.json`, import.meta.url), 'utf8')) as {
      exports: Record<string, string>;
    }
  ).exports;

describe('the page registry', () => {
  it('when a page names a remote, then that remote exposes the named module', () => {
    const drawn = Object.values<Page>(pages).filter((page) => page.remote);
    expect(drawn.length).toBeGreaterThan(0);
    for (const page of drawn) expect(Object.keys(exportsOf(page.remote!))).toContain(page.exposed);
  });

  it('when an address is looked up, then the page whose pattern it fits is found, parameters included', () => {
    expect(pageAt('/')).toBe(pages.home);
    expect(pageAt('/dashboard')).toBe(pages.dashboard);
    expect(pageAt('/dashboard/')).toBe(pages.dashboard);
    expect(pageAt('/course/0b9a3f52-8f0e-4c4a-9a55-2f7f3c1e9d10')).toBe(pages.course);
    expect(pageAt('/edit-course/abc')).toBe(pages.editCourse);
  });

  it('when an address fits no pattern, then no page is found', () => {
    expect(pageAt('/course')).toBeUndefined();
    expect(pageAt('/course/')).toBeUndefined();
    expect(pageAt('/course/a/b')).toBeUndefined();
    expect(pageAt('/dashboards')).toBeUndefined();
  });

  it('when a link to a page with a parameter is made, then the parameter is encoded', () => {
    expect(pages.course.getHref('a/b c')).toBe('/course/a%2Fb%20c');
    expect(pages.dashboard.getHref('drafts')).toBe('/dashboard?view=drafts');
    expect(pages.dashboard.getHref()).toBe('/dashboard');
  });
});
