import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePages } from './route-page.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'route-page-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const PAGE = '<html>\n  <head>\n    <script type="module" src="/assets/index.js"></script>\n  </head>\n</html>\n';
writeFileSync(path.join(dist, 'index.html'), PAGE);
writeFileSync(
  path.join(dist, 'route-preloads.json'),
  JSON.stringify({
    '/': ['/assets/login.js'],
    '/view-ticket': ['/assets/layout.js', '/assets/view.js'],
    '/incidents/$id': ['/assets/incident.js'],
  }),
);
const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the page of a route', () => {
  const pageFor = routePages(dist);

  it("names the route's scripts as modulepreload links in the head", () => {
    const page = pageFor('/view-ticket');
    expect(preloaded(page.html)).toEqual(['/assets/layout.js', '/assets/view.js']);
    expect(page.html.indexOf('modulepreload')).toBeLessThan(page.html.indexOf('</head>'));
    expect(preloaded(pageFor('/').html)).toEqual(['/assets/login.js']);
  });

  it('matches a route with a parameter, and a trailing slash', () => {
    expect(preloaded(pageFor('/incidents/12').html)).toEqual(['/assets/incident.js']);
    expect(preloaded(pageFor('/view-ticket/').html)).toEqual(['/assets/layout.js', '/assets/view.js']);
    expect(preloaded(pageFor('/incidents/12/more').html)).toEqual([]);
  });

  it('sends the bare page for a path of no route, and tells pages apart by their tag', () => {
    expect(pageFor('/no-such-screen').html).toBe(PAGE);
    expect(pageFor('/view-ticket').etag).toBe(pageFor('/view-ticket').etag);
    expect(pageFor('/view-ticket').etag).not.toBe(pageFor('/incidents/1').etag);
  });
});
