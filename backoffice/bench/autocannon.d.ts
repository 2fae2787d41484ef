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
  }
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
  }): Promise<Result>;
}
