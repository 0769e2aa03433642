// The part of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  /** one request of a sequence each connection sends in turn */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    // biome-ignore lint/suspicious/noExplicitAny: each connection's own object, shaped by the bench
    setupRequest?: (req: Request, context: any) => Request;
    onResponse?: (status: number, body: string) => void;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    connections?: number;
    duration?: number;
  }
  export default function autocannon(opts: Options): Promise<Result>;
}
