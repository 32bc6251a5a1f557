import { API_ROUTES } from '@portal/contracts/api-routes';
import { openApiDocument } from '@portal/contracts/openapi';
import { strictRouter } from '@portal/kit/service-app';
import type { Router } from 'express';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A reference page rendered on the server from the same document: readable without any script (strict CSP). */
function referencePage(document: ReturnType<typeof openApiDocument>): string {
  const operations = API_ROUTES.map((route) => {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operation = (document.paths[path] as Record<string, Record<string, unknown>>)[route.method] ?? {};
    const id = String(operation.operationId);
    return `<section id="${escape(id)}"><h3><span class="method ${route.method}">${route.method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${escape(route.summary)} · <em>${route.access === 'public' ? 'no sign-in needed' : route.access === 'admin' ? 'system administrators' : 'signed-in users'}</em></p>
<details><summary>Parameters, body and answers</summary><pre>${escape(JSON.stringify({ parameters: operation.parameters, requestBody: operation.requestBody, responses: operation.responses }, null, 2))}</pre></details></section>`;
  }).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{color:#6b21a8}section{border:1px solid #e5e7eb;border-radius:.5rem;padding:.25rem 1rem;margin:.75rem 0}
h3{margin:.5rem 0;font-size:1rem}.method{display:inline-block;min-width:4.5rem;font-weight:700}
.get{color:#047857}.post{color:#1d4ed8}.put,.patch{color:#b45309}.delete{color:#b91c1c}
pre{background:#f9fafb;padding:.75rem;overflow:auto;font-size:.8rem}</style></head><body>
<h1>${escape(document.info.title)} <small>v${escape(document.info.version)}</small></h1>
<p>${escape(document.info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${operations}</body></html>`;
}

/** The API reference, a page (it keeps the pages' headers). */
export const API_DOCS_PATH = '/api/docs';

/** GET /api/openapi.json and GET /api/docs, made once from the contracts. */
export function apiReference(): Router {
  const router = strictRouter();
  const document = openApiDocument();
  const page = referencePage(document);
  router.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get(API_DOCS_PATH, (_req, res) => {
    res.type('html').send(page);
  });
  return router;
}
