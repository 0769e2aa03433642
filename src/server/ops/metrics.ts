// The server's Prometheus metrics (GET /metrics, text format 0.0.4): requests by route pattern and
// status, their latency, open device long-polls and background job runs. Routes are patterns
// ("/api/user/login", "/files/*"), never raw URLs, so ids never become label values.

import { APP_VERSION } from "../../model/version";
import type { JobOutcome } from "../db/jobs";

/** Latency buckets, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

interface Histogram {
  counts: number[]; // per bucket (not cumulative), plus +Inf last
  sum: number;
  count: number;
}

/** Escapes a label value (backslash, double quote, newline). */
const esc = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const labels = (l: Record<string, string>) =>
  `{${Object.entries(l)
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(",")}}`;

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();
  private readonly jobRuns = new Map<string, number>();
  private polls = 0;
  /** print API jobs being drawn now (services/apiDraw.ts) */
  drawing: () => number = () => 0;

  /** One finished request: its method, route pattern, status and duration in seconds. */
  request(method: string, route: string, status: number, seconds: number): void {
    const key = JSON.stringify([method, route, String(status)]);
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let h = this.latency.get(route);
    if (!h) {
      h = { counts: new Array(LATENCY_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.latency.set(route, h);
    }
    const i = LATENCY_BUCKETS.findIndex((b) => seconds <= b);
    h.counts[i < 0 ? LATENCY_BUCKETS.length : i]++;
    h.sum += seconds;
    h.count++;
  }

  /** A device long-poll started waiting; call the returned function once when it stops. */
  pollOpened(): () => void {
    this.polls++;
    let open = true;
    return () => {
      if (open) this.polls--;
      open = false;
    };
  }

  /** One tick of a background job (e.g. "purge"): ok, failed, or skipped (another process ran it). */
  jobRun(job: string, outcome: JobOutcome): void {
    const key = JSON.stringify([job, outcome]);
    this.jobRuns.set(key, (this.jobRuns.get(key) ?? 0) + 1);
  }

  /** The Prometheus text exposition. */
  render(): string {
    const out: string[] = [];
    const family = (name: string, type: string, help: string) =>
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family("inkless_build_info", "gauge", "The running version (always 1).");
    out.push(`inkless_build_info${labels({ version: APP_VERSION })} 1`);
    family(
      "inkless_http_requests_total",
      "counter",
      "HTTP requests by method, route pattern and status code.",
    );
    for (const [key, n] of [...this.requests].sort()) {
      const [method, route, status] = JSON.parse(key) as string[];
      out.push(`inkless_http_requests_total${labels({ method, route, status })} ${n}`);
    }
    const h = "inkless_http_request_duration_seconds";
    family(h, "histogram", "HTTP request duration by route pattern, in seconds.");
    for (const [route, v] of [...this.latency].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((b, i) => {
        cumulative += v.counts[i];
        out.push(`${h}_bucket${labels({ route, le: String(b) })} ${cumulative}`);
      });
      out.push(`${h}_bucket${labels({ route, le: "+Inf" })} ${v.count}`);
      out.push(`${h}_sum${labels({ route })} ${v.sum}`);
      out.push(`${h}_count${labels({ route })} ${v.count}`);
    }
    family("inkless_device_polls_open", "gauge", "Cloud device long-polls waiting for a job now.");
    out.push(`inkless_device_polls_open ${this.polls}`);
    family("inkless_api_jobs_drawing", "gauge", "Print API jobs whose labels this process is drawing now.");
    out.push(`inkless_api_jobs_drawing ${this.drawing()}`);
    family("inkless_job_runs_total", "counter", "Background job runs by job and outcome.");
    for (const [key, n] of [...this.jobRuns].sort()) {
      const [job, outcome] = JSON.parse(key) as string[];
      out.push(`inkless_job_runs_total${labels({ job, outcome })} ${n}`);
    }
    return `${out.join("\n")}\n`;
  }
}
