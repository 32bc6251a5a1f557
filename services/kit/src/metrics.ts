import type { RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one process: requests by route and status, latency, and what the process adds. */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  /**
   * Labels by the matched route pattern (or what a proxy put in res.locals.metricsRoute), never by the raw
   * path, so ids do not multiply the series.
   */
  const middleware: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    res.on('finish', () => {
      const route =
        (res.locals.metricsRoute as string | undefined) ??
        (req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched');
      const labels = { method: req.method, route, status: String(res.statusCode) };
      requests.inc(labels);
      stop(labels);
    });
    next();
  };

  const handler: RequestHandler = async (_req, res) => {
    res.setHeader('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  };

  return {
    registry,
    middleware,
    handler,
    /** A gauge read when scraped (pool sizes, outbox backlog). */
    gauge(name: string, help: string, read: () => number | Promise<number>) {
      return new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
    counter(name: string, help: string) {
      return new Counter({ name, help, registers: [registry] });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
