/** The part of autocannon's API the benchmark uses (the package ships no type declarations). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    /** Seconds the run took. */
    duration: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent: returns the request to send. */
    setupRequest?: (request: Request) => Request;
  }
  export default function autocannon(options: {
    url: string;
    connections: number;
    /** Seconds; ignored when `amount` is given. */
    duration?: number;
    /** Stop after this many requests. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }): Promise<Result>;
}
