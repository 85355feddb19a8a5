/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface RawRequest {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Request extends RawRequest {
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: RawRequest) => RawRequest;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all (instead of a duration). */
    amount?: number;
    requests?: Request[];
  }
  interface Result {
    /** `total`: completed requests. */
    requests: { average: number; total: number };
    /** Seconds the run took. */
    duration: number;
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
